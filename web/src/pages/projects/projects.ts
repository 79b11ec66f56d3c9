import { unwrap, v1 } from '../../api/client';
import { formatDate, h, replace } from '../../ui/dom';
import { workspaceNav } from '../workspace/workspace-nav';

export async function projectsPage(main: HTMLElement, workspaceId: number): Promise<void> {
  const path = { workspace_id: workspaceId };
  const [workspace, projects] = await Promise.all([
    v1.GET('/v1/workspaces/{workspace_id}', { params: { path } }).then(unwrap),
    v1.GET('/v1/workspaces/{workspace_id}/projects', { params: { path } }).then(unwrap),
  ]);
  replace(
    main,
    h('h1', {}, workspace.name),
    workspaceNav(workspaceId, 'projects'),
    h('h2', {}, 'Projects'),
    projects.length === 0
      ? h('p', { class: 'muted' }, 'No projects in this workspace.')
      : h(
          'ul',
          { class: 'cards' },
          projects.map((p) =>
            h(
              'li',
              { class: 'card' },
              h('h3', {}, p.name),
              h('p', { class: 'muted' }, `${p.project_type ?? 'table'} · ${p.rows?.length ?? 0} rows · ${p.columns?.length ?? 0} columns · updated ${formatDate(p.updated_at)}`),
              p.description ? h('p', {}, p.description) : null,
            ),
          ),
        ),
  );
}

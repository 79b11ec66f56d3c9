import { unwrap, v1 } from '../../api/client';
import { alertBox, field, formatDate, h, replace } from '../../ui/dom';
import { workspaceNav } from '../workspace/workspace-nav';

/** The workspace's projects, each opening its review table, and a form to start a new one. */
export async function projectsPage(main: HTMLElement, workspaceId: number): Promise<void> {
  const path = { workspace_id: workspaceId };
  const [workspace, projects] = await Promise.all([
    v1.GET('/v1/workspaces/{workspace_id}', { params: { path } }).then(unwrap),
    v1.GET('/v1/workspaces/{workspace_id}/projects', { params: { path } }).then(unwrap),
  ]);
  const name = h('input', { type: 'text', name: 'name', required: true });
  const description = h('input', { type: 'text', name: 'description' });
  const error = alertBox();
  const form = h('form', { class: 'inline-form', 'aria-label': 'New project' }, field('Project name', name), field('Description', description), h('button', { type: 'submit' }, 'Create project'), error);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    error.clear();
    v1.POST('/v1/workspaces/{workspace_id}/projects', { params: { path }, body: { name: name.value.trim(), ...(description.value.trim() ? { description: description.value.trim() } : {}) } })
      .then(unwrap)
      .then((project) => (location.hash = `#/workspaces/${workspaceId}/projects/${project.id}`))
      .catch((e: Error) => error.show(e.message));
  });
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
              h('h3', {}, h('a', { href: `#/workspaces/${workspaceId}/projects/${p.id}` }, p.name)),
              h('p', { class: 'muted' }, `${p.project_type ?? 'table'} · ${p.rows?.length ?? 0} rows · ${p.columns?.length ?? 0} columns · updated ${formatDate(p.updated_at)}`),
              p.description ? h('p', {}, p.description) : null,
            ),
          ),
        ),
    h('h2', {}, 'New project'),
    form,
  );
}

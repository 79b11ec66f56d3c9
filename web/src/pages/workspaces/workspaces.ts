import { unwrap, v1 } from '../../api/client';
import { h, replace } from '../../ui/dom';

export async function workspacesPage(main: HTMLElement): Promise<void> {
  const workspaces = unwrap(await v1.GET('/v1/workspaces'));
  replace(
    main,
    h('h1', {}, 'Workspaces'),
    workspaces.length === 0
      ? h('p', { class: 'muted' }, 'You are not a member of any workspace yet.')
      : h(
          'ul',
          { class: 'cards' },
          workspaces.map((w) =>
            h(
              'li',
              { class: 'card' },
              h('a', { href: `#/workspaces/${w.workspace_id}` }, w.name),
              h('p', { class: 'muted' }, w.workspace_type === 'vdr' ? 'Data room' : 'Workspace', w.description ? ` · ${w.description}` : ''),
            ),
          ),
        ),
  );
}

import { h } from '../../ui/dom';

/** The workspace's own links: documents, projects, settings. */
export function workspaceNav(workspaceId: number, current: 'documents' | 'projects' | 'settings'): HTMLElement {
  const link = (key: typeof current, href: string, label: string) =>
    h('a', { href, 'aria-current': key === current ? 'page' : null }, label);
  return h(
    'nav',
    { class: 'tabs', 'aria-label': 'Workspace' },
    link('documents', `#/workspaces/${workspaceId}`, 'Documents'),
    link('projects', `#/workspaces/${workspaceId}/projects`, 'Projects'),
    link('settings', `#/workspaces/${workspaceId}/settings`, 'Settings'),
  );
}

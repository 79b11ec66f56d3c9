import { workspacesPage } from './pages/workspaces/workspaces';
import { workspacePage } from './pages/workspace/workspace';
import { fileTextPage } from './pages/file/file-text';
import { projectsPage } from './pages/projects/projects';
import { projectGridPage } from './pages/projects/project-grid';
import { settingsPage } from './pages/settings/settings';
import { statutesPage } from './pages/statutes/statutes';

/** Hash routes (#/...), so the server serves one page and every address still bookmarks. */
export async function route(main: HTMLElement, hash: string): Promise<void> {
  const [path = '', query = ''] = hash.replace(/^#/, '').split('?');
  const params = new URLSearchParams(query);
  const parts = path.split('/').filter(Boolean);
  if (parts[0] === 'statutes') return statutesPage(main);
  if (parts[0] === 'workspaces' && parts[1]) {
    const workspaceId = Number(parts[1]);
    if (parts[2] === 'projects' && parts[3]) return projectGridPage(main, workspaceId, Number(parts[3]));
    if (parts[2] === 'projects') return projectsPage(main, workspaceId);
    if (parts[2] === 'settings') return settingsPage(main, workspaceId);
    if (parts[2] === 'files' && parts[3]) return fileTextPage(main, workspaceId, Number(parts[3]), spanOf(params) ?? params.get('passage') ?? '');
    return workspacePage(main, workspaceId);
  }
  return workspacesPage(main);
}

/** An exact cited span (`?page=&start=&end=`, as review-table cells cite), or null. */
function spanOf(params: URLSearchParams): { page: number; start: number; end: number } | null {
  const [page, start, end] = ['page', 'start', 'end'].map((k) => Number(params.get(k) ?? NaN));
  return Number.isInteger(page) && Number.isInteger(start) && Number.isInteger(end) && (end as number) > (start as number) ? { page: page as number, start: start as number, end: end as number } : null;
}

import { unwrap, v1 } from '../../api/client';
import { h, replace } from '../../ui/dom';
import { askBox } from './ask';
import { documentTree } from './tree';
import { uploader } from './upload';
import { workspaceNav } from './workspace-nav';

export async function workspacePage(main: HTMLElement, workspaceId: number): Promise<void> {
  const workspace = unwrap(await v1.GET('/v1/workspaces/{workspace_id}', { params: { path: { workspace_id: workspaceId } } }));
  const tree = documentTree(workspaceId);
  replace(
    main,
    h('h1', {}, workspace.name),
    workspaceNav(workspaceId, 'documents'),
    h('div', { class: 'columns' }, h('section', { class: 'documents', 'aria-label': 'Documents' }, h('h2', {}, 'Documents'), uploader(workspaceId, () => void tree.refresh()), tree.element), askBox(workspaceId, tree.fileName)),
  );
  await tree.refresh();
}

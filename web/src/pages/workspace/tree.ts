import { unwrap, v1, type Schemas } from '../../api/client';
import { h, replace } from '../../ui/dom';

type Node = Schemas['DocumentTreeNode'];
type FileInfo = Schemas['DocumentFile'];

/**
 * The document tree with each file's status. The tree lists names only, so each file's status is
 * read from GET .../documents/{file_id}; files still processing are read again until they settle.
 */
export function documentTree(workspaceId: number) {
  const container = h('div', { class: 'tree' });
  const statuses = new Map<number, FileInfo>();
  let nodes: Node[] = [];
  let timer: number | undefined;

  async function refresh(): Promise<void> {
    window.clearTimeout(timer);
    if (!container.isConnected && nodes.length > 0) return;
    nodes = unwrap(await v1.GET('/v1/workspaces/{workspace_id}/documents', { params: { path: { workspace_id: workspaceId } } })).nodes;
    const pending = nodes.filter((n) => n.type === 'file' && n.file_id != null && statuses.get(n.file_id)?.status !== 'ready' && statuses.get(n.file_id)?.status !== 'failed');
    await Promise.all(
      pending.map(async (n) => {
        const result = await v1.GET('/v1/workspaces/{workspace_id}/documents/{file_id}', { params: { path: { workspace_id: workspaceId, file_id: n.file_id! } } });
        if (result.data) statuses.set(n.file_id!, result.data);
      }),
    );
    draw();
    if ([...statuses.values()].some((s) => s.status === 'processing')) timer = window.setTimeout(() => void refresh(), 1000);
  }

  function draw(): void {
    if (nodes.length === 0) {
      replace(container, h('p', { class: 'muted' }, 'No documents yet.'));
      return;
    }
    replace(container, branch(null));
  }

  function branch(parent: number | null): HTMLElement {
    const children = nodes.filter((n) => (n.parent_directory_id ?? null) === parent);
    return h(
      'ul',
      { role: parent === null ? 'tree' : 'group', 'aria-label': parent === null ? 'Documents' : null },
      children.map((n) => (n.type === 'directory' ? directoryRow(n) : fileRow(n))),
    );
  }

  function directoryRow(n: Node): HTMLElement {
    return h('li', { role: 'treeitem', 'aria-expanded': 'true', class: 'dir' }, h('span', { class: 'dir-name' }, n.name), branch(n.id));
  }

  function fileRow(n: Node): HTMLElement {
    const info = n.file_id != null ? statuses.get(n.file_id) : undefined;
    const status = info?.status ?? 'processing';
    return h(
      'li',
      { role: 'treeitem', class: 'file', 'data-file-id': n.file_id ?? '' },
      status === 'ready' ? h('a', { href: `#/workspaces/${workspaceId}/files/${n.file_id}` }, n.name) : h('span', {}, n.name),
      ' ',
      h('span', { class: `status status-${status}` }, status),
      status === 'failed' && info?.error ? h('span', { class: 'reason' }, ` ${info.error}`) : null,
    );
  }

  return { element: container, refresh, fileName: (id: number) => nodes.find((n) => n.file_id === id)?.name };
}

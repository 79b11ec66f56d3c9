import type { WorkspaceRow } from '../../db/schema.js';
import type { CoreDeps } from '../../shared/deps.js';
import { invalidInput, notFound } from '../admin.errors.js';
import { presentDocumentTree, type TreeDirectory, type TreeFile } from './document-tree.presenter.js';
import { invalidTreeCursor } from './documents.errors.js';
import type { DocumentTreeResponse } from './documents.schemas.js';
import { decodeTreeCursor, encodeTreeCursor } from './tree-cursor.js';

export async function createDirectory(
  deps: CoreDeps<'documents' | 'workspaces'>,
  orgId: string,
  input: { workspaceId: number; name: string; parentDirectoryId?: number | null },
) {
  const name = input.name.trim();
  if (!name) throw invalidInput('name must not be empty');
  if (!(await deps.store.workspaces.getById(orgId, input.workspaceId))) throw notFound('workspace', input.workspaceId);
  const parent = input.parentDirectoryId ?? null;
  if (parent !== null && !(await deps.store.documents.getDirectory(input.workspaceId, parent))) {
    throw notFound('directory in this workspace', parent);
  }
  const directory = await deps.store.documents.createDirectory({
    workspace_id: input.workspaceId,
    name,
    parent_directory_id: parent,
    created_at: deps.clock.now().toISOString(),
  });
  return { id: directory.id, name: directory.name, parent_directory_id: directory.parent_directory_id, workspace_id: directory.workspace_id };
}

/** The page size when a client sends a cursor without a limit. */
export const DEFAULT_TREE_PAGE = 1000;

/**
 * The whole tree presented once per version of its rows: the store returns the same arrays until
 * the tree changes, so the same response object is returned too (for the same workspace id and
 * name), and what is derived from it (the HTTP body) can be kept by its identity.
 */
const presentedTrees = new WeakMap<TreeFile[], { workspace: WorkspaceRow; directories: TreeDirectory[]; response: DocumentTreeResponse }>();

function wholeTree(workspace: WorkspaceRow, directories: TreeDirectory[], files: TreeFile[]): DocumentTreeResponse {
  const kept = presentedTrees.get(files);
  // The workspace row is read again after any commit: its id and name are what the tree shows.
  if (kept && kept.workspace.id === workspace.id && kept.workspace.name === workspace.name && kept.directories === directories) return kept.response;
  const response = presentDocumentTree(workspace, directories, files);
  presentedTrees.set(files, { workspace, directories, response });
  return response;
}

/**
 * The workspace's directories, then its files, as one flat list of nodes: the whole list (the
 * contract's shape), or with `page` one page of it in the same order plus `next_cursor`.
 */
export async function getDocumentTree(
  deps: CoreDeps<'documents'>,
  workspace: WorkspaceRow,
  page?: { limit?: number; cursor?: string },
): Promise<DocumentTreeResponse> {
  const documents = deps.store.documents;
  if (!page || (page.limit === undefined && page.cursor === undefined)) {
    const { directories, files } = await documents.readWholeTree(workspace.id);
    return wholeTree(workspace, directories, files);
  }
  const position = page.cursor === undefined ? { kind: 'directory' as const, afterId: 0 } : decodeTreeCursor(page.cursor);
  if (!position) throw invalidTreeCursor(page.cursor ?? '');
  const limit = page.limit ?? DEFAULT_TREE_PAGE;
  // One row more than the page tells whether another page follows.
  const directories = position.kind === 'directory' ? await documents.listTreeDirectories(workspace.id, position.afterId, limit + 1) : [];
  const files =
    directories.length <= limit
      ? await documents.listTreeFiles(workspace.id, position.kind === 'file' ? position.afterId : 0, limit + 1 - directories.length)
      : [];
  const more = directories.length + files.length > limit;
  const pageDirectories = directories.slice(0, limit);
  const pageFiles = files.slice(0, limit - pageDirectories.length);
  const lastFile = pageFiles[pageFiles.length - 1];
  const lastDirectory = pageDirectories[pageDirectories.length - 1];
  const next = !more
    ? null
    : lastFile
      ? encodeTreeCursor({ kind: 'file', afterId: lastFile.id })
      : encodeTreeCursor({ kind: 'directory', afterId: lastDirectory!.id });
  return presentDocumentTree(workspace, pageDirectories, pageFiles, next);
}

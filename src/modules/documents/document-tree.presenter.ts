import type { DirectoryRow, FileRow, WorkspaceRow } from '../../db/schema.js';
import type { DocumentTreeNode, DocumentTreeResponse } from './documents.schemas.js';

export type TreeDirectory = Pick<DirectoryRow, 'id' | 'name' | 'parent_directory_id'>;
export type TreeFile = Pick<FileRow, 'id' | 'file_name' | 'parent_directory_id'>;

/** Directories, then files, as the contract's flat node list; one object per node and no other copies. */
export function presentDocumentTree(
  workspace: Pick<WorkspaceRow, 'id' | 'name'>,
  directories: TreeDirectory[],
  files: TreeFile[],
  nextCursor?: string | null,
): DocumentTreeResponse {
  const nodes = new Array<DocumentTreeNode>(directories.length + files.length);
  let i = 0;
  for (const d of directories) nodes[i++] = { id: d.id, name: d.name, type: 'directory', parent_directory_id: d.parent_directory_id, file_id: null };
  for (const f of files) nodes[i++] = { id: f.id, name: f.file_name, type: 'file', parent_directory_id: f.parent_directory_id, file_id: f.id };
  const response: DocumentTreeResponse = { workspace_id: workspace.id, workspace_name: workspace.name, nodes };
  if (nextCursor !== undefined) response.next_cursor = nextCursor;
  return response;
}

import type { WorkspaceRow } from '../../db/schema.js';
import type { CoreDeps } from '../../shared/deps.js';
import { invalidInput, notFound } from '../admin.errors.js';
import type { DocumentTreeResponse } from './documents.schemas.js';

export async function createDirectory(
  deps: CoreDeps,
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

/** The workspace's directories, then its files, as one flat list of nodes. */
export async function getDocumentTree(deps: CoreDeps, workspace: WorkspaceRow): Promise<DocumentTreeResponse> {
  const [directories, files] = await Promise.all([
    deps.store.documents.listDirectories(workspace.id),
    deps.store.documents.listFiles(workspace.id),
  ]);
  return {
    workspace_id: workspace.id,
    workspace_name: workspace.name,
    nodes: [
      ...directories.map((d) => ({ id: d.id, name: d.name, type: 'directory' as const, parent_directory_id: d.parent_directory_id, file_id: null })),
      ...files.map((f) => ({ id: f.id, name: f.file_name, type: 'file' as const, parent_directory_id: f.parent_directory_id, file_id: f.id })),
    ],
  };
}

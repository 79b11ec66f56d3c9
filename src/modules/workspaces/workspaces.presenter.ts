import type { WorkspaceRow } from '../../db/schema.js';
import type { Workspace, WorkspaceDeal } from './workspaces.schemas.js';

/** Turns a stored row into the API's Workspace; `deal` is absent when no deal is linked. */
export function presentWorkspace(row: WorkspaceRow): Workspace {
  const workspace: Workspace = {
    workspace_id: row.id,
    owner_id: row.owner_id,
    org_id: row.org_id,
    workspace_type: row.workspace_type === 'vdr' ? 'vdr' : 'standard',
    name: row.name,
    description: row.description,
    summary: row.summary,
    created_at: row.created_at,
    updated_at: row.updated_at,
    is_public: row.is_public === 1,
    valid_until: row.valid_until,
    index_frozen: row.index_frozen === 1,
    is_external: row.is_external === 1,
  };
  if (row.deal !== null) workspace.deal = JSON.parse(row.deal) as WorkspaceDeal;
  return workspace;
}

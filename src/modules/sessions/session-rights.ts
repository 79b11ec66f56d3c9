import type { Scope } from '../api-keys/api-keys.models.js';
import type { WorkspaceRole } from '../workspaces/workspaces.models.js';

/**
 * What a signed-in user may do through the app, as the scopes of the /v1 operations: everyone
 * reads their workspaces and statutes; in a workspace, a viewer (or a non-member of a public
 * workspace) reads documents and review tables, and an editor, admin or owner also uploads, asks,
 * and builds and runs review tables.
 */
export function sessionScopes(role: WorkspaceRole | undefined, inWorkspace: boolean): Set<Scope> {
  const granted = new Set<Scope>(['workspaces:read', 'statutes:read']);
  if (!inWorkspace) return granted;
  granted.add('documents:read');
  if (role === 'editor' || role === 'admin' || role === 'owner') {
    granted.add('documents:write');
    granted.add('query:run');
    granted.add('projects:write');
  }
  return granted;
}

import type { CoreDeps } from '../../shared/deps.js';
import type { WorkspaceRow } from '../../db/schema.js';
import { isWorkspaceLapsed } from '../workspaces/workspaces.models.js';
import { workspaceNotAccessible } from './auth.errors.js';
import type { Principal } from './principal.js';

/**
 * The workspace a request names, if the key may reach it now: a bound key only its own; either
 * kind only while its creator can still access the workspace (membership is read here, at request
 * time) and the workspace's valid_until has not passed. Every refusal is the same 403, so that
 * workspace ids cannot be probed.
 */
export async function requireWorkspace(deps: CoreDeps, principal: Principal, workspaceId: number): Promise<WorkspaceRow> {
  if (principal.workspaceId !== null && principal.workspaceId !== workspaceId) throw workspaceNotAccessible();
  const workspace = await deps.store.workspaces.getById(principal.orgId, workspaceId);
  if (!workspace || !(await creatorCanAccess(deps, principal, workspace))) throw workspaceNotAccessible();
  if (isWorkspaceLapsed(workspace, deps.clock.now())) throw workspaceNotAccessible();
  return workspace;
}

/** The workspaces the key reaches now, in id order. */
export async function listAccessibleWorkspaces(deps: CoreDeps, principal: Principal): Promise<WorkspaceRow[]> {
  const now = deps.clock.now();
  const visible = await deps.store.workspaces.listVisibleTo(principal.orgId, principal.createdBy);
  return visible.filter(
    (w) => (principal.workspaceId === null || w.id === principal.workspaceId) && !isWorkspaceLapsed(w, now),
  );
}

async function creatorCanAccess(deps: CoreDeps, principal: Principal, workspace: WorkspaceRow): Promise<boolean> {
  if (workspace.is_public === 1) return true;
  return (await deps.store.workspaces.getRole(principal.orgId, workspace.id, principal.createdBy)) !== undefined;
}

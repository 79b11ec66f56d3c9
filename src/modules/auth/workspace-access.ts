import type { CoreDeps } from '../../shared/deps.js';
import type { WorkspaceRow } from '../../db/schema.js';
import { isWorkspaceLapsed } from '../workspaces/workspaces.models.js';
import { insufficientWorkspaceRole, workspaceNotAccessible } from './auth.errors.js';
import type { Principal } from './principal.js';
import { roleAllows, type WorkspaceAction } from './workspace-policy.js';
import type { WorkspaceRole } from '../workspaces/workspaces.models.js';

/**
 * The workspace a request names, if the key may reach it now and take `action` in it: a bound key
 * only its own; either kind only while its creator can still access the workspace and the
 * workspace's valid_until has not passed (403 "Workspace not accessible", the same for every such
 * refusal so that ids cannot be probed); then the creator's current role must allow the action
 * (workspace-policy.ts; 403 "Insufficient workspace role"). Membership and role are read here, at
 * request time, so a demotion takes effect on the next request.
 */
export async function requireWorkspace(deps: CoreDeps<'workspaces'>, principal: Principal, workspaceId: number, action: WorkspaceAction): Promise<WorkspaceRow> {
  if (principal.workspaceId !== null && principal.workspaceId !== workspaceId) throw workspaceNotAccessible();
  const workspace = await deps.store.workspaces.getById(principal.orgId, workspaceId);
  if (!workspace) throw workspaceNotAccessible();
  const access = await creatorAccess(deps, principal, workspace);
  if (!access.reachable) throw workspaceNotAccessible();
  if (isWorkspaceLapsed(workspace, deps.clock.now())) throw workspaceNotAccessible();
  if (!roleAllows(access.role, action)) throw insufficientWorkspaceRole();
  return workspace;
}

/** The workspaces the key reaches now, in id order. */
export async function listAccessibleWorkspaces(deps: CoreDeps<'workspaces'>, principal: Principal): Promise<WorkspaceRow[]> {
  const now = deps.clock.now();
  const visible = await deps.store.workspaces.listVisibleTo(principal.orgId, principal.createdBy);
  return visible.filter(
    (w) => (principal.workspaceId === null || w.id === principal.workspaceId) && !isWorkspaceLapsed(w, now),
  );
}

/** Whether the creator reaches the workspace (a member, or any org user when it is public), and as what role. */
async function creatorAccess(deps: CoreDeps<'workspaces'>, principal: Principal, workspace: WorkspaceRow): Promise<{ reachable: boolean; role: WorkspaceRole | undefined }> {
  const role = await deps.store.workspaces.getRole(principal.orgId, workspace.id, principal.createdBy);
  return { reachable: role !== undefined || workspace.is_public === 1, role };
}

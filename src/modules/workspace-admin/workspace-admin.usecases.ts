import type { UserRow, WorkspaceRow } from '../../db/schema.js';
import type { CoreDeps } from '../../shared/deps.js';
import { createApiKey, presentApiKey, revokeApiKey } from '../api-keys/api-keys.usecases.js';
import { workspaceNotAccessible } from '../auth/auth.errors.js';
import { canManageWorkspace, isWorkspaceLapsed, type WorkspaceRole } from '../workspaces/workspaces.models.js';
import { addMember, removeMember } from '../workspaces/workspaces.usecases.js';
import type { WorkspaceAdminRepository } from './workspace-admin.repository.js';
import { cannotManage, keyNotFound, lastOwner, memberNotFound, ownersOnly, userNotFound } from './workspace-admin.errors.js';

export interface WorkspaceAdminDeps extends CoreDeps {
  admin: WorkspaceAdminRepository;
}

/** The user's standing in a workspace they can see: their role (if a member) and what it lets them do. */
export interface Standing {
  workspace: WorkspaceRow;
  role: WorkspaceRole | undefined;
  canManage: boolean;
}

/** The workspace, if the user can see it now (a member, or a public workspace of their org), else 403. */
export async function standingIn(deps: CoreDeps<'workspaces'>, user: UserRow, workspaceId: number): Promise<Standing> {
  const workspace = await deps.store.workspaces.getById(user.org_id, workspaceId);
  if (!workspace || isWorkspaceLapsed(workspace, deps.clock.now())) throw workspaceNotAccessible();
  const role = await deps.store.workspaces.getRole(user.org_id, workspaceId, user.id);
  if (role === undefined && workspace.is_public !== 1) throw workspaceNotAccessible();
  return { workspace, role, canManage: canManageWorkspace(role) };
}

async function managing(deps: CoreDeps<'workspaces'>, user: UserRow, workspaceId: number): Promise<Standing> {
  const standing = await standingIn(deps, user, workspaceId);
  if (!standing.canManage) throw cannotManage();
  return standing;
}

/** Keys bound to this workspace, and for an org admin the org-scoped keys too; never a hash. */
export async function listWorkspaceKeys(deps: WorkspaceAdminDeps, user: UserRow, workspaceId: number) {
  await managing(deps, user, workspaceId);
  const keys = (await deps.store.apiKeys.list(user.org_id)).filter((k) => k.workspace_id === workspaceId || (k.workspace_id === null && user.is_org_admin === 1));
  const names = new Map((await deps.admin.listMembers(user.org_id, workspaceId)).map((m) => [m.user_id, m.name]));
  const result = [];
  for (const key of keys) {
    let creator: string | null | undefined = names.get(key.created_by);
    if (creator === undefined) creator = (await deps.store.users.getById(user.org_id, key.created_by))?.name ?? null;
    result.push({ ...presentApiKey(key), created_by_name: creator ?? null });
  }
  return result;
}

export interface NewWorkspaceKey {
  name: string;
  scopes: string[];
  org_scoped?: boolean;
  expires_at?: string | null;
  rate_limit?: number | null;
}

/** Creates a key as the signed-in user; the secret is in the answer once. Org-scoped keys need an org admin. */
export async function createWorkspaceKey(deps: WorkspaceAdminDeps, user: UserRow, workspaceId: number, input: NewWorkspaceKey) {
  await managing(deps, user, workspaceId);
  const created = await createApiKey(deps, {
    orgId: user.org_id,
    createdBy: user.id,
    name: input.name,
    scopes: input.scopes,
    workspaceId: input.org_scoped ? null : workspaceId,
    expiresAt: input.expires_at ?? null,
    rateLimit: input.rate_limit ?? null,
  });
  return { ...created, created_by_name: user.name };
}

export async function revokeWorkspaceKey(deps: WorkspaceAdminDeps, user: UserRow, workspaceId: number, keyId: string) {
  await managing(deps, user, workspaceId);
  const key = await deps.store.apiKeys.getById(user.org_id, keyId);
  const reachable = key && (key.workspace_id === workspaceId || (key.workspace_id === null && user.is_org_admin === 1));
  if (!reachable) throw keyNotFound();
  return { ...(await revokeApiKey(deps, user.org_id, keyId)), created_by_name: null };
}

export async function listMembers(deps: WorkspaceAdminDeps, user: UserRow, workspaceId: number) {
  await standingIn(deps, user, workspaceId);
  return deps.admin.listMembers(user.org_id, workspaceId);
}

/** Adds a user of the org by e-mail, or changes a member's role. Only owners touch the owner role. */
export async function setMemberRole(deps: WorkspaceAdminDeps, user: UserRow, workspaceId: number, target: { email?: string; userId?: string }, role: string) {
  const standing = await managing(deps, user, workspaceId);
  const members = await deps.admin.listMembers(user.org_id, workspaceId);
  let userId = target.userId;
  if (target.email !== undefined) {
    const found = await deps.store.users.getByEmail(user.org_id, target.email.trim().toLowerCase());
    if (!found) throw userNotFound();
    userId = found.id;
  }
  const current = members.find((m) => m.user_id === userId);
  if (target.email === undefined && !current) throw memberNotFound();
  if ((role === 'owner' || current?.role === 'owner') && standing.role !== 'owner') throw ownersOnly();
  if (current?.role === 'owner' && role !== 'owner' && members.filter((m) => m.role === 'owner').length === 1) throw lastOwner();
  await addMember(deps, user.org_id, workspaceId, userId!, role);
  const updated = (await deps.admin.listMembers(user.org_id, workspaceId)).find((m) => m.user_id === userId);
  if (!updated) throw memberNotFound();
  return updated;
}

export async function removeWorkspaceMember(deps: WorkspaceAdminDeps, user: UserRow, workspaceId: number, userId: string) {
  const standing = await managing(deps, user, workspaceId);
  const members = await deps.admin.listMembers(user.org_id, workspaceId);
  const current = members.find((m) => m.user_id === userId);
  if (!current) throw memberNotFound();
  if (current.role === 'owner' && standing.role !== 'owner') throw ownersOnly();
  if (current.role === 'owner' && members.filter((m) => m.role === 'owner').length === 1) throw lastOwner();
  await removeMember(deps, user.org_id, workspaceId, userId);
}

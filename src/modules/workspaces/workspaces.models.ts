import type { WorkspaceRow } from '../../db/schema.js';

export const workspaceRoles = ['owner', 'admin', 'editor', 'viewer'] as const;
export type WorkspaceRole = (typeof workspaceRoles)[number];

export function isWorkspaceRole(value: string): value is WorkspaceRole {
  return (workspaceRoles as readonly string[]).includes(value);
}

/** Owners and admins hold the "manage workspace" privilege (creating keys, changing settings). */
export function canManageWorkspace(role: WorkspaceRole | undefined): boolean {
  return role === 'owner' || role === 'admin';
}

/** A workspace whose valid_until has passed is closed to API keys (a data room after its deal). */
export function isWorkspaceLapsed(workspace: Pick<WorkspaceRow, 'valid_until'>, now: Date): boolean {
  return workspace.valid_until !== null && Date.parse(workspace.valid_until) <= now.getTime();
}

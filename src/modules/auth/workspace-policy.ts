import type { WorkspaceRole } from '../workspaces/workspaces.models.js';

/**
 * The workspace role rule, in one place: what each action needs of the *current* role of the
 * key's creator (or the session's user) in the workspace. A key never grants more than that role
 * allows, whatever its scopes say; scopes can only narrow it further. Routes name their action
 * when they check workspace access (`requireWorkspace(deps, principal, id, 'documents.write')`).
 */
export const minimumRoleFor = {
  /** The workspace itself, its document tree, documents and their text. */
  'workspace.read': 'viewer',
  'documents.read': 'viewer',
  /** Project cells and exports. */
  'projects.read': 'viewer',
  /** Upload and delete documents and directories. */
  'documents.write': 'editor',
  'projects.write': 'editor',
  'projects.run': 'editor',
  /** Ask the workspace a question. */
  'query.run': 'editor',
  /** Keys bound to the workspace, and its members. */
  'keys.manage': 'admin',
  'members.manage': 'admin',
} as const satisfies Record<string, WorkspaceRole>;

export type WorkspaceAction = keyof typeof minimumRoleFor;

const rank: Record<WorkspaceRole, number> = { viewer: 0, editor: 1, admin: 2, owner: 3 };

/**
 * Whether a role may take an action. `role` is the member's role, or undefined for a non-member
 * reaching a public workspace, who may read it as a viewer would and nothing more.
 */
export function roleAllows(role: WorkspaceRole | undefined, action: WorkspaceAction): boolean {
  return rank[role ?? 'viewer'] >= rank[minimumRoleFor[action]];
}

import type { WorkspaceRow } from '../../db/schema.js';
import type { CoreDeps } from '../../shared/deps.js';
import { requireWorkspace } from '../auth/workspace-access.js';
import type { Principal } from '../auth/principal.js';
import type { WorkspaceAction } from '../auth/workspace-policy.js';

/**
 * What a project request does to its workspace, for the workspace role rule: viewers read cells
 * and exports; editors also write and run projects. The rule itself belongs to auth; this is the
 * one place project routes name their action, so it plugs in here.
 */
export type ProjectAction = 'projects:read' | 'projects:write' | 'projects:run';

const policyAction: Record<ProjectAction, WorkspaceAction> = {
  'projects:read': 'projects.read',
  'projects:write': 'projects.write',
  'projects:run': 'projects.run',
};

export async function requireProjectWorkspace(deps: CoreDeps<'workspaces'>, principal: Principal, workspaceId: number, action: ProjectAction): Promise<WorkspaceRow> {
  return requireWorkspace(deps, principal, workspaceId, policyAction[action]);
}

import { Value } from '@sinclair/typebox/value';
import type { Updateable } from 'kysely';
import type { WorkspaceRow, WorkspaceTable } from '../../db/schema.js';
import type { CoreDeps } from '../../shared/deps.js';
import { invalidInput, notFound } from '../admin.errors.js';
import { isWorkspaceRole, type WorkspaceRole } from './workspaces.models.js';
import { WorkspaceDealSchema, type WorkspaceDeal } from './workspaces.schemas.js';

export interface NewWorkspaceInput {
  orgId: string;
  ownerId: string;
  name: string;
  type?: 'standard' | 'vdr';
  description?: string | null;
  isPublic?: boolean;
  isExternal?: boolean;
  validUntil?: string | null;
  deal?: WorkspaceDeal | null;
}

export interface WorkspacePatch {
  name?: string;
  description?: string | null;
  indexFrozen?: boolean;
  validUntil?: string | null;
  deal?: WorkspaceDeal | null;
}

/** Normalizes an ISO date-time given by an operator; a bare date means its start in UTC. */
export function parseInstant(value: string, field: string): string {
  const ms = Date.parse(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(ms)) throw invalidInput(`${field} must be an ISO 8601 date-time, got "${value}"`);
  return new Date(ms).toISOString();
}

export function parseDeal(value: unknown): WorkspaceDeal {
  if (!Value.Check(WorkspaceDealSchema, value)) {
    throw invalidInput('deal must be an object with buy_side_party, sell_side_party, target_name, project_name (strings or null) and matter_id (integer or null)');
  }
  return value;
}

/** Creates a workspace; its owner becomes a member with role `owner`. */
export async function createWorkspace(deps: CoreDeps<'orgs' | 'users' | 'workspaces'>, input: NewWorkspaceInput): Promise<WorkspaceRow> {
  const name = input.name.trim();
  if (!name) throw invalidInput('name must not be empty');
  if (!(await deps.store.orgs.getById(input.orgId))) throw notFound('organization', input.orgId);
  if (!(await deps.store.users.getById(input.orgId, input.ownerId))) throw notFound('user in this organization', input.ownerId);
  const now = deps.clock.now().toISOString();
  const workspace = await deps.store.workspaces.create({
    org_id: input.orgId,
    owner_id: input.ownerId,
    workspace_type: input.type ?? 'standard',
    name,
    description: input.description ?? null,
    summary: null,
    is_public: input.isPublic ? 1 : 0,
    is_external: input.isExternal ? 1 : 0,
    index_frozen: 0,
    valid_until: input.validUntil ? parseInstant(input.validUntil, 'valid_until') : null,
    deal: input.deal ? JSON.stringify(parseDeal(input.deal)) : null,
    created_at: now,
    updated_at: now,
  });
  await deps.store.workspaces.setMember(input.orgId, workspace.id, input.ownerId, 'owner', now);
  return workspace;
}

export async function updateWorkspace(deps: CoreDeps<'workspaces'>, orgId: string, workspaceId: number, patch: WorkspacePatch): Promise<WorkspaceRow> {
  const set: Updateable<WorkspaceTable> = { updated_at: deps.clock.now().toISOString() };
  if (patch.name !== undefined) {
    if (!patch.name.trim()) throw invalidInput('name must not be empty');
    set.name = patch.name.trim();
  }
  if (patch.description !== undefined) set.description = patch.description;
  if (patch.indexFrozen !== undefined) set.index_frozen = patch.indexFrozen ? 1 : 0;
  if (patch.validUntil !== undefined) set.valid_until = patch.validUntil === null ? null : parseInstant(patch.validUntil, 'valid_until');
  if (patch.deal !== undefined) set.deal = patch.deal === null ? null : JSON.stringify(parseDeal(patch.deal));
  if (!(await deps.store.workspaces.getById(orgId, workspaceId))) throw notFound('workspace', workspaceId);
  await deps.store.workspaces.update(orgId, workspaceId, set);
  const updated = await deps.store.workspaces.getById(orgId, workspaceId);
  if (!updated) throw notFound('workspace', workspaceId);
  return updated;
}

export async function addMember(deps: CoreDeps<'users' | 'workspaces'>, orgId: string, workspaceId: number, userId: string, role: string): Promise<void> {
  if (!isWorkspaceRole(role)) throw invalidInput(`role must be one of owner, admin, editor, viewer; got "${role}"`);
  if (!(await deps.store.workspaces.getById(orgId, workspaceId))) throw notFound('workspace', workspaceId);
  if (!(await deps.store.users.getById(orgId, userId))) throw notFound('user in this organization', userId);
  await deps.store.workspaces.setMember(orgId, workspaceId, userId, role as WorkspaceRole, deps.clock.now().toISOString());
}

export async function removeMember(deps: CoreDeps<'workspaces'>, orgId: string, workspaceId: number, userId: string): Promise<void> {
  if (!(await deps.store.workspaces.removeMember(orgId, workspaceId, userId))) {
    throw notFound(`membership of user ${userId} in workspace`, workspaceId);
  }
}

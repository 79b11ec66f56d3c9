import type { ApiKeyRow } from '../../db/schema.js';
import { newUuid, type CoreDeps } from '../../shared/deps.js';
import { forbidden, invalidInput, notFound } from '../admin.errors.js';
import { roleAllows } from '../auth/workspace-policy.js';
import { parseInstant } from '../workspaces/workspaces.usecases.js';
import { displayPrefix, generateApiKey, hashApiKey, isScope, scopes as allScopes } from './api-keys.models.js';

export interface NewApiKeyInput {
  orgId: string;
  createdBy: string;
  name: string;
  scopes: string[];
  workspaceId?: number | null;
  expiresAt?: string | null;
  rateLimit?: number | null;
}

/**
 * Creates a key and returns it with its full secret, the only time the secret is shown. A
 * workspace-bound key needs a creator who can manage that workspace; an org-scoped key needs an
 * org admin.
 */
export async function createApiKey(deps: CoreDeps<'apiKeys' | 'users' | 'workspaces'>, input: NewApiKeyInput, generate = generateApiKey) {
  const name = input.name.trim();
  if (!name) throw invalidInput('name must not be empty');
  const scopes = [...new Set(input.scopes.map((s) => s.trim()).filter(Boolean))];
  if (scopes.length === 0) throw invalidInput(`at least one scope is required (${allScopes.join(', ')})`);
  const unknown = scopes.filter((s) => !isScope(s));
  if (unknown.length > 0) throw invalidInput(`unknown scope ${unknown.join(', ')}; scopes are ${allScopes.join(', ')}`);
  if (input.rateLimit !== undefined && input.rateLimit !== null && (!Number.isInteger(input.rateLimit) || input.rateLimit < 1)) {
    throw invalidInput('rate limit must be a positive integer');
  }
  const creator = await deps.store.users.getById(input.orgId, input.createdBy);
  if (!creator) throw notFound('user in this organization', input.createdBy);
  const workspaceId = input.workspaceId ?? null;
  if (workspaceId === null) {
    if (creator.is_org_admin !== 1) throw forbidden('an org-scoped key needs a creator who is an org admin');
  } else {
    if (!(await deps.store.workspaces.getById(input.orgId, workspaceId))) throw notFound('workspace', workspaceId);
    const role = await deps.store.workspaces.getRole(input.orgId, workspaceId, input.createdBy);
    if (role === undefined || !roleAllows(role, 'keys.manage')) throw forbidden('a workspace-bound key needs a creator who can manage that workspace (owner or admin)');
  }
  const key = generate();
  const row: ApiKeyRow = {
    id: newUuid(deps),
    org_id: input.orgId,
    name,
    scopes: JSON.stringify(scopes),
    workspace_id: workspaceId,
    created_by: input.createdBy,
    created_at: deps.clock.now().toISOString(),
    expires_at: input.expiresAt ? parseInstant(input.expiresAt, 'expires') : null,
    revoked_at: null,
    last_used_at: null,
    display_prefix: displayPrefix(key),
    key_hash: hashApiKey(key),
    rate_limit: input.rateLimit ?? null,
  };
  await deps.store.apiKeys.insert(row);
  return { ...presentApiKey(row), key };
}

export async function revokeApiKey(deps: CoreDeps<'apiKeys'>, orgId: string, keyId: string) {
  const row = await deps.store.apiKeys.getById(orgId, keyId);
  if (!row) throw notFound('API key', keyId);
  await deps.store.apiKeys.revoke(orgId, keyId, deps.clock.now().toISOString());
  const revoked = await deps.store.apiKeys.getById(orgId, keyId);
  return presentApiKey(revoked ?? row);
}

export async function listApiKeys(deps: CoreDeps<'apiKeys'>, orgId: string) {
  return (await deps.store.apiKeys.list(orgId)).map(presentApiKey);
}

/** The key record without its hash: what an operator may see. */
export function presentApiKey(row: ApiKeyRow) {
  return {
    id: row.id,
    org_id: row.org_id,
    name: row.name,
    scopes: JSON.parse(row.scopes) as string[],
    workspace_id: row.workspace_id,
    created_by: row.created_by,
    created_at: row.created_at,
    expires_at: row.expires_at,
    revoked_at: row.revoked_at,
    last_used_at: row.last_used_at,
    display_prefix: row.display_prefix,
    rate_limit: row.rate_limit,
  };
}

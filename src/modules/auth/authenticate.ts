import type { CoreDeps } from '../../shared/deps.js';
import type { ApiKeyRow } from '../../db/schema.js';
import { hashApiKey, hashesEqual, isScope, isWellFormedKey, parseBearer, type Scope } from '../api-keys/api-keys.models.js';
import { apiKeyExpired, apiKeyRevoked, invalidApiKey } from './auth.errors.js';
import type { Principal } from './principal.js';

/** last_used_at is written at most this often per key, so reads stay reads. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * Resolves an Authorization header to a principal, or throws the contract's 401/403. A missing or
 * malformed header and an unknown key are indistinguishable to the caller.
 */
export async function authenticate(deps: CoreDeps<'apiKeys'>, authorization: string | undefined): Promise<Principal> {
  const key = parseBearer(authorization);
  if (key === null || !isWellFormedKey(key)) throw invalidApiKey();
  const hash = hashApiKey(key);
  const row = await deps.store.apiKeys.findByHash(hash);
  if (!row || (verified.get(row) !== hash && !hashesEqual(row.key_hash, hash))) throw invalidApiKey();
  verified.set(row, hash);
  const now = deps.clock.now();
  if (row.revoked_at !== null) throw apiKeyRevoked();
  if (row.expires_at !== null && Date.parse(row.expires_at) <= now.getTime()) throw apiKeyExpired();
  if (row.last_used_at === null || now.getTime() - Date.parse(row.last_used_at) > TOUCH_INTERVAL_MS) {
    await deps.store.apiKeys.touch(row.org_id, row.id, now.toISOString());
  }
  return toPrincipal(row);
}

/**
 * The hash each cached row was last found equal to: the cache hands back the same row object for the
 * same hash, so the constant-time comparison (two hex decodes and a compare) runs once per row.
 */
const verified = new WeakMap<ApiKeyRow, string>();

/** The store hands back the same row object while nothing changed, so its principal is built once. */
const principals = new WeakMap<ApiKeyRow, Principal>();

function toPrincipal(row: ApiKeyRow): Principal {
  const known = principals.get(row);
  if (known) return known;
  const principal = buildPrincipal(row);
  principals.set(row, principal);
  return principal;
}

function buildPrincipal(row: ApiKeyRow): Principal {
  const scopes = (JSON.parse(row.scopes) as string[]).filter(isScope);
  return {
    keyId: row.id,
    orgId: row.org_id,
    createdBy: row.created_by,
    workspaceId: row.workspace_id,
    scopes: new Set<Scope>(scopes),
    rateLimit: row.rate_limit,
  };
}

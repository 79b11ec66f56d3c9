import type { ChangeToken } from './read-cache.js';

/**
 * The read cache's change token when several processes share one database (PostgreSQL): it
 * changes on this process's writes at once, on other processes' writes when a change feed
 * (Redis pub/sub) reports them, and in any case every `maxAgeMs`, so that without a feed (or
 * if a message is lost, or arrived before the writer committed) no cached authentication read
 * is older than that. A revoked key is then refused by every process within `maxAgeMs`.
 */
export function createSharedChangeToken(parts: { local: () => number; remote?: () => number; now?: () => number; maxAgeMs?: number }): ChangeToken {
  const maxAgeMs = parts.maxAgeMs ?? 1000;
  const now = parts.now ?? Date.now;
  return () => `${parts.local()}:${parts.remote?.() ?? 0}:${Math.floor(now() / maxAgeMs)}`;
}

import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { RateLimitStore } from './rate-limit.js';

/** Windows that ended this long ago are deleted now and then, so idle keys leave the table. */
const SWEEP_AFTER_MS = 60_000;
/** One hit in this many sweeps: a cheap indexed delete, rare enough to cost nothing per request. */
const SWEEP_EVERY = 1000;

/**
 * Fixed windows shared by every process on one database, for PostgreSQL deployments without
 * Redis: one upsert a hit, atomic (the conflicting row is locked, so concurrent hits on several
 * processes never both see the same count), reading and renewing the window by the caller's
 * clock as the memory and Redis stores do. Slower than Redis (a write per request), but correct.
 */
export function createDatabaseRateLimitStore(db: Kysely<Database>): RateLimitStore {
  let hits = 0;
  return {
    async hit(key, windowMs, nowMs) {
      const result = await sql<{ count: number | string; reset_at_ms: number | string }>`
        insert into rate_limit_windows (window_key, hits, reset_at_ms) values (${key}, 1, ${nowMs + windowMs})
        on conflict (window_key) do update set
          hits = case when rate_limit_windows.reset_at_ms <= ${nowMs} then 1 else rate_limit_windows.hits + 1 end,
          reset_at_ms = case when rate_limit_windows.reset_at_ms <= ${nowMs} then ${nowMs + windowMs} else rate_limit_windows.reset_at_ms end
        returning hits as count, reset_at_ms`.execute(db);
      if (++hits % SWEEP_EVERY === 0) await db.deleteFrom('rate_limit_windows').where('reset_at_ms', '<', nowMs - SWEEP_AFTER_MS).execute();
      const row = result.rows[0];
      if (!row) throw new Error('rate-limit upsert returned no row');
      // PostgreSQL returns bigint columns as strings.
      return { count: Number(row.count), resetAtMs: Number(row.reset_at_ms) };
    },
  };
}

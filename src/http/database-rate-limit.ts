import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { createLeasedRateLimitStore, leaseSize, type WindowLeases } from './leased-rate-limit.js';
import type { RateLimitStore } from './rate-limit.js';

/** Windows that ended this long ago are deleted now and then, so idle keys leave the table. */
const SWEEP_AFTER_MS = 60_000;
/** One lease in this many sweeps: a cheap indexed delete, rare enough to cost nothing per lease. */
const SWEEP_EVERY = 1000;

/**
 * Leases of fixed windows shared by every process on one database, for PostgreSQL deployments
 * without Redis: one upsert a lease, atomic (the conflicting row is locked, so concurrent leases on
 * several processes never overlap), reading and renewing the window by the caller's clock as the
 * memory and Redis stores do. The lease is what the Redis script grants (redis-rate-limit.ts): at
 * most `want`, an eighth of what the window has left, exactly one at or past the limit. Every
 * expression of the update reads the row as it was, so the grant (leaseSize) is computed from the
 * old count, and stored in `last_grant` to be read back.
 */
export function createDatabaseWindowLeases(db: Kysely<Database>): WindowLeases {
  let takes = 0;
  return {
    async take(key, want, limit, windowMs, nowMs) {
      const current = sql`(case when rate_limit_windows.reset_at_ms <= ${nowMs} then 0 else rate_limit_windows.hits end)`;
      // The cast keeps the division whole where a driver binds numbers as floating point (better-sqlite3).
      const share = sql`cast((${limit} - ${current}) / 8 as integer)`;
      const grant = sql`(case when ${current} >= ${limit} then 1 when ${share} >= ${want} then ${want} when ${share} < 1 then 1 else ${share} end)`;
      const first = leaseSize(want, limit, 0);
      const result = await sql<{ count: number | string; reset_at_ms: number | string; granted: number | string }>`
        insert into rate_limit_windows (window_key, hits, reset_at_ms, last_grant) values (${key}, ${first}, ${nowMs + windowMs}, ${first})
        on conflict (window_key) do update set
          last_grant = ${grant},
          hits = ${current} + ${grant},
          reset_at_ms = case when rate_limit_windows.reset_at_ms <= ${nowMs} then ${nowMs + windowMs} else rate_limit_windows.reset_at_ms end
        returning hits as count, reset_at_ms, last_grant as granted`.execute(db);
      if (++takes % SWEEP_EVERY === 0) await db.deleteFrom('rate_limit_windows').where('reset_at_ms', '<', nowMs - SWEEP_AFTER_MS).execute();
      const row = result.rows[0];
      if (!row) throw new Error('rate-limit upsert returned no row');
      // PostgreSQL returns bigint columns as strings.
      return { count: Number(row.count), resetAtMs: Number(row.reset_at_ms), granted: Number(row.granted) };
    },
  };
}

/** Fixed windows shared through the database, counted in leases (leased-rate-limit.ts): one write per lease, not per request. */
export function createDatabaseRateLimitStore(db: Kysely<Database>): RateLimitStore {
  return createLeasedRateLimitStore(createDatabaseWindowLeases(db));
}

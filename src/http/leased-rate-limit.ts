import type { RateLimitStore, WindowCount } from './rate-limit.js';

/** A grant of `granted` hits, counted at once in a shared window that now holds `count`. */
export interface WindowLease extends WindowCount {
  granted: number;
}

/**
 * A shared counter of fixed windows that reserves hits in blocks: `take` counts up to `want` hits
 * at once, fewer as the window nears `limit` (and exactly one at or past it), and says how many.
 */
export interface WindowLeases {
  take(key: string, want: number, limit: number, windowMs: number, nowMs: number): Promise<WindowLease>;
}

/** Most hits one lease reserves: a busy key asks the shared store once per this many hits. */
export const MAX_LEASE = 256;

/**
 * The hits a lease grants when its window already holds `count`: at most `want`, an eighth of what
 * the window has left, and exactly one at or past the limit. The shared stores compute the same in
 * their own languages, atomically (the Redis script, the database upsert).
 */
export function leaseSize(want: number, limit: number, count: number): number {
  return count >= limit ? 1 : Math.max(1, Math.min(want, Math.floor((limit - count) / 8)));
}

interface Lease {
  resetAtMs: number;
  /** The shared count when this lease was taken, which includes all of its hits. */
  countAtTake: number;
  /** Hits of the lease not yet spent. */
  left: number;
  /** A take in flight: hits arriving meanwhile wait for it rather than each asking for a lease. */
  taking?: Promise<unknown>;
  /** Hits waiting on `taking`: a burst whose size is known, so the next lease asks for no more. */
  waiting: number;
}

/**
 * Rate-limit windows shared between processes, counted in leases. Asking the shared store (a
 * Redis round trip) on every request cost more than the rest of an authenticated read: GET
 * /v1/workspaces served 22,800 req/s with it and 37,700 without (bench/http.bench.ts, PostgreSQL
 * and Redis, 2 cores). A process instead reserves a block of hits, spends them locally, and asks
 * again when they run out. Blocks shrink to an eighth of what the window has left, so nearing the
 * limit every process asks more often, and past it each hit is counted alone.
 *
 * What it keeps, compared with counting every hit in the shared store:
 * - Admission never exceeds the limit across processes: a lease is reserved atomically and only
 *   from what the window has left.
 * - Each hit still gets a count of its own (the lease's reserved range is disjoint from every
 *   other's), so a single process reports exactly the counts it did before.
 * What it gives up: hits a process reserved but did not spend before its window ended count as
 * spent for other processes, so with several processes a key may be refused up to the unspent
 * part of the others' leases (at most an eighth of what was left, per process) early. Only a
 * lease taken for a lone hit reserves ahead (a process at rest cannot know whether more will
 * come); one taken while hits queue behind it asks for exactly those, so a burst that ends leaves
 * nothing unspent, and concurrent bursts from several processes are admitted to exactly the limit.
 */
export function createLeasedRateLimitStore(leases: WindowLeases, maxKeys = 100_000): RateLimitStore {
  const held = new Map<string, Lease>();

  const take = async (key: string, lease: Lease, windowMs: number, nowMs: number, limit: number): Promise<WindowCount> => {
    // Read before the first await: the hits queued behind this one are the burst it asks for.
    const want = lease.waiting > 0 ? Math.min(MAX_LEASE, lease.waiting + 1) : MAX_LEASE;
    const got = await leases.take(key, want, limit, windowMs, nowMs);
    // The first hit of the grant is this request's; the rest are spent by later ones.
    lease.resetAtMs = got.resetAtMs;
    lease.countAtTake = got.count;
    lease.left = got.granted - 1;
    return { count: got.count - lease.left, resetAtMs: got.resetAtMs };
  };

  return {
    async hit(key, windowMs, nowMs, limit) {
      let lease = held.get(key);
      if (!lease) {
        if (held.size >= maxKeys) sweep(held, nowMs, maxKeys);
        lease = { resetAtMs: 0, countAtTake: 0, left: 0, waiting: 0 };
        held.set(key, lease);
      }
      for (;;) {
        if (lease.resetAtMs > nowMs && lease.left > 0) {
          lease.left -= 1;
          return { count: lease.countAtTake - lease.left, resetAtMs: lease.resetAtMs };
        }
        if (!lease.taking) break;
        lease.waiting += 1;
        try {
          await lease.taking;
        } finally {
          lease.waiting -= 1;
        }
      }
      // A lease of an ended window is dropped with what it had left.
      lease.left = 0;
      const current = lease;
      const taking = take(key, current, windowMs, nowMs, limit);
      // Hits that wait on this take fail with it (Redis unreachable) rather than each trying in turn.
      const pending: Promise<unknown> = taking.finally(() => {
        if (current.taking === pending) current.taking = undefined;
      });
      pending.catch(() => {});
      current.taking = pending;
      return taking;
    },
  };
}

function sweep(held: Map<string, Lease>, nowMs: number, maxKeys: number): void {
  for (const [key, lease] of held) if (lease.resetAtMs <= nowMs && !lease.taking) held.delete(key);
  // Still full of live leases: drop the oldest half (their unspent hits stay counted in the shared store).
  if (held.size >= maxKeys) {
    let dropped = 0;
    const excess = Math.floor(held.size / 2);
    for (const [key, lease] of held) {
      if (dropped >= excess) break;
      if (lease.taking) continue;
      held.delete(key);
      dropped += 1;
    }
  }
}

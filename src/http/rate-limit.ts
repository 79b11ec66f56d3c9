/** How many hits a key has in its current fixed window, and when that window ends. */
export interface WindowCount {
  count: number;
  resetAtMs: number;
}

/**
 * Counters of fixed windows: in process memory, in Redis or in PostgreSQL. `limit` is the key's
 * limit, which a store that reserves hits in blocks sizes its blocks by; the caller still decides
 * from the count whether the hit is refused.
 */
export interface RateLimitStore {
  hit(key: string, windowMs: number, nowMs: number, limit: number): Promise<WindowCount>;
}

/** Fixed windows that start at a key's first hit, kept in a Map swept as it grows. */
export function createMemoryRateLimitStore(maxKeys = 100_000): RateLimitStore {
  const windows = new Map<string, WindowCount>();
  return {
    async hit(key, windowMs, nowMs) {
      let current = windows.get(key);
      if (!current || current.resetAtMs <= nowMs) {
        if (windows.size >= maxKeys) sweep(windows, nowMs, maxKeys);
        current = { count: 0, resetAtMs: nowMs + windowMs };
        windows.set(key, current);
      }
      current.count += 1;
      return { count: current.count, resetAtMs: current.resetAtMs };
    },
  };
}

function sweep(windows: Map<string, WindowCount>, nowMs: number, maxKeys: number): void {
  for (const [key, value] of windows) if (value.resetAtMs <= nowMs) windows.delete(key);
  // Still full of live windows: drop the oldest half rather than grow without bound.
  if (windows.size >= maxKeys) {
    const excess = Math.floor(windows.size / 2);
    let dropped = 0;
    for (const key of windows.keys()) {
      if (dropped++ >= excess) break;
      windows.delete(key);
    }
  }
}

/** Seconds until a window resets, as the headers carry it: whole seconds, at least 1. */
export function secondsUntil(resetAtMs: number, nowMs: number): number {
  return Math.max(1, Math.ceil((resetAtMs - nowMs) / 1000));
}

/** Thrown when a pool's queue is full or too slow; the HTTP layer turns it into 503 + Retry-After. */
export class PoolSaturated extends Error {
  override name = 'PoolSaturated';
}

export interface WorkPoolOptions {
  /**
   * Longest a task may wait for a slot. Once the oldest waiting task has waited longer, new tasks
   * are refused at once (the queue is not draining: they would wait longer still), and a task that
   * reaches a slot after waiting longer is refused rather than started late.
   */
  maxWaitMs?: number;
  /** Milliseconds clock, injectable for tests. */
  now?: () => number;
}

/** A client waits for an interactive answer about this long before the work is better shed. */
export const DEFAULT_MAX_WAIT_MS = 2000;

interface Waiter {
  since: number;
  admit(): void;
  refuse(): void;
}

/**
 * Runs at most `concurrency` tasks at once and queues at most `queueLimit` more, each for at most
 * `maxWaitMs`; past either bound it refuses, so a burst sheds load instead of piling up work that
 * would be answered too late to matter.
 */
export function createWorkPool(concurrency: number, queueLimit: number, options: WorkPoolOptions = {}) {
  const maxWaitMs = options.maxWaitMs ?? DEFAULT_MAX_WAIT_MS;
  const now = options.now ?? (() => performance.now());
  let active = 0;
  const waiting: Waiter[] = [];

  const release = () => {
    active -= 1;
    for (let next = waiting.shift(); next; next = waiting.shift()) {
      if (now() - next.since > maxWaitMs) {
        next.refuse();
        continue;
      }
      active += 1;
      next.admit();
      return;
    }
  };

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (active >= concurrency) {
        if (waiting.length >= queueLimit) throw new PoolSaturated('work pool saturated');
        const oldest = waiting[0];
        if (oldest && now() - oldest.since > maxWaitMs) throw new PoolSaturated('work pool queue too slow');
        await new Promise<void>((admit, reject) =>
          waiting.push({ since: now(), admit, refuse: () => reject(new PoolSaturated('waited too long for the work pool')) }),
        );
      } else {
        active += 1;
      }
      try {
        return await task();
      } finally {
        release();
      }
    },
    stats: () => ({ active, waiting: waiting.length }),
    /** How long the oldest queued task has waited, in ms (0 when none waits). */
    oldestWaitMs: () => (waiting[0] ? now() - waiting[0].since : 0),
  };
}

export type WorkPool = ReturnType<typeof createWorkPool>;

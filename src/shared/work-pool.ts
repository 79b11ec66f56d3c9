/** Thrown when a pool's queue is full; the HTTP layer turns it into 503 + Retry-After. */
export class PoolSaturated extends Error {
  override name = 'PoolSaturated';
}

/**
 * Runs at most `concurrency` tasks at once and queues at most `queueLimit` more; past that it
 * refuses at once, so a burst sheds load instead of piling up work without bound.
 */
export function createWorkPool(concurrency: number, queueLimit: number) {
  let active = 0;
  const waiting: Array<() => void> = [];

  const release = () => {
    active -= 1;
    const next = waiting.shift();
    if (next) {
      active += 1;
      next();
    }
  };

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (active >= concurrency) {
        if (waiting.length >= queueLimit) throw new PoolSaturated('work pool saturated');
        await new Promise<void>((resolve) => waiting.push(resolve));
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
  };
}

export type WorkPool = ReturnType<typeof createWorkPool>;

/**
 * Transient lock errors and the one way to ride them out. SQLite lets one writer at a time: every
 * connection waits `busy_timeout` for the lock, but a long writer in another process (a statute
 * import's final transaction, say) can outlast it, and a deferred transaction that read before
 * another connection committed fails at once with SQLITE_BUSY_SNAPSHOT whatever the timeout.
 * Both are cured by running the whole transaction again a little later.
 */

/**
 * SQLITE_BUSY, SQLITE_LOCKED and their extended codes (BUSY_SNAPSHOT, BUSY_RECOVERY, ...), and
 * PostgreSQL's serialization failure and deadlock (SQLSTATE 40001, 40P01): all cured by a retry.
 */
export function isTransientLockError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED') || code === '40001' || code === '40P01');
}

export interface RetryOptions {
  /** Give up (rethrow the lock error) once this much time has passed since the first attempt. */
  ceilingMs?: number;
  /** Called before each new attempt, for a log line. */
  onRetry?: (attempt: number, error: unknown) => void;
}

/**
 * Runs `work` (a whole write transaction: it must be safe to run again after a failed attempt,
 * which a rolled-back transaction is) and runs it again after a growing pause while it fails on a
 * transient lock. The pause is asynchronous, so a server keeps answering meanwhile.
 */
export async function retryOnBusy<T>(work: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const ceilingMs = options.ceilingMs ?? 120_000;
  const started = Date.now();
  let pauseMs = 25;
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!isTransientLockError(error) || Date.now() - started + pauseMs > ceilingMs) throw error;
      options.onRetry?.(attempt, error);
      // Jitter keeps two waiting writers from retrying in lockstep.
      await new Promise((resolve) => setTimeout(resolve, pauseMs * (0.5 + Math.random())));
      pauseMs = Math.min(pauseMs * 2, 1000);
    }
  }
}

import { temporarilyUnavailable } from '../modules/auth/auth.errors.js';
import { PoolSaturated, type WorkPool } from '../shared/work-pool.js';
import type { AnswerWork } from './answer-work.js';

/**
 * Answering behind admission: at most the pool's concurrency at once (the threads' capacity), a
 * bounded queue whose oldest task waits at most a couple of seconds, and past either bound 503 +
 * Retry-After at once, instead of piling up work that would be answered too late to matter.
 */
export function withAdmission(work: AnswerWork, pool: WorkPool): AnswerWork {
  const admitted = async <R>(task: () => Promise<R>): Promise<R> => {
    try {
      return await pool.run(task);
    } catch (error) {
      if (error instanceof PoolSaturated) throw temporarilyUnavailable(1);
      throw error;
    }
  };
  return {
    concurrency: work.concurrency,
    query: (workspaceId, question) => admitted(() => work.query(workspaceId, question)),
    ask: (input) => admitted(() => work.ask(input)),
    check: (input) => admitted(() => work.check(input)),
    compare: (input) => admitted(() => work.compare(input)),
    ...(work.start ? { start: work.start } : {}),
    close: () => work.close(),
  };
}

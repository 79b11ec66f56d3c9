import type { Config } from '../config/config.js';
import { temporarilyUnavailable } from '../modules/auth/auth.errors.js';
import { createThreadPool, spawnModuleThread, ThreadLost, type ThreadPoolLog } from '../shared/thread-pool.js';
import type { AnswerTask, AnswerWork } from './answer-work.js';
import { ANSWERING_RESOURCE_LIMITS } from '../shared/young-generation.js';

/**
 * Tasks one answering thread is handed at once. Without a model the work is CPU-bound (SQLite
 * calls are synchronous), so one: more would only queue inside the thread, out of admission's
 * sight. A configured model's call waits on the network, during which the thread can work.
 */
export function tasksPerThread(config: Pick<Config, 'llm'>): number {
  return config.llm ? 4 : 1;
}

const defaultEntry = new URL(import.meta.url.endsWith('.ts') ? './answering.worker.ts' : './answering.worker.js', import.meta.url);

export interface ThreadedAnswerWork extends AnswerWork {
  stats(): { threads: number; running: number; waiting: number };
}

/**
 * Answering on `config.queryThreads` worker threads, each with its own read-only connection. A
 * task whose thread dies answers 503 + Retry-After (the client may retry at once: the thread is
 * replaced) and the death is logged; an error the use case raised arrives as the same AppError.
 */
export function createThreadedAnswerWork(config: Config, log: ThreadPoolLog, options: { entry?: URL } = {}): ThreadedAnswerWork {
  const entry = options.entry ?? defaultEntry;
  const perThread = tasksPerThread(config);
  const pool = createThreadPool<AnswerTask, unknown>({
    size: config.queryThreads,
    spawn: () => spawnModuleThread(entry, { config }, { resourceLimits: ANSWERING_RESOURCE_LIMITS }),
    tasksPerThread: perThread,
    log,
    name: 'answering',
  });
  const run = async <R>(task: AnswerTask): Promise<R> => {
    try {
      return (await pool.run(task)) as R;
    } catch (error) {
      if (error instanceof ThreadLost) throw temporarilyUnavailable(1);
      throw error;
    }
  };
  return {
    concurrency: config.queryThreads * perThread,
    query: (workspaceId, question) => run({ op: 'query', workspaceId, question }),
    ask: (input) => run({ op: 'ask', input }),
    check: (input) => run({ op: 'check', input }),
    compare: (input) => run({ op: 'compare', input }),
    start: () => {
      pool.start();
      return pool.whenReady();
    },
    stats: () => pool.stats(),
    close: () => pool.close(),
  };
}

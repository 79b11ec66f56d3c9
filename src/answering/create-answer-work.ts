import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/config.js';
import type { QueryServices } from '../modules/query/query-services.js';
import type { Clock } from '../shared/clock.js';
import { createInProcessAnswerWork, type AnswerWork } from './answer-work.js';
import { buildAnsweringDeps, type AnsweringStorage } from './answering-deps.js';
import { createThreadedAnswerWork } from './threaded-answer-work.js';

/**
 * Where answering runs: on `config.queryThreads` threads, or on the event loop when that is 0 or
 * when a caller hands in its own query services (a test's engine cannot cross to a thread).
 */
export function createAnswerWork(
  config: Config,
  storage: AnsweringStorage,
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>,
  options: { query?: QueryServices; clock?: Clock } = {},
): AnswerWork {
  const threadLog = {
    info: (obj: Record<string, unknown>, msg: string) => log.info(obj, msg),
    warn: (obj: Record<string, unknown>, msg: string) => log.warn(obj, msg),
    error: (obj: Record<string, unknown>, msg: string) => log.error(obj, msg),
  };
  if (config.queryThreads > 0 && !options.query) return createThreadedAnswerWork(config, threadLog);
  const deps = buildAnsweringDeps(storage, config, threadLog, options.clock ? { clock: options.clock } : {});
  return createInProcessAnswerWork(options.query ? { ...deps, query: options.query } : deps, config.queryConcurrency);
}

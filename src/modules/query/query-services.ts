import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/config.js';
import type { Store } from '../../db/store.js';
import { createWorkPool, type WorkPool } from '../../shared/work-pool.js';
import type { PassageIndex } from '../documents/passages/passage-index.js';
import type { AnswerEngine } from './answer-engine.js';
import { createExtractiveEngine } from './extractive-engine.js';
import { createOpenAiEngine } from './openai-engine.js';
import { createFileSignalCache } from './retrieval/file-signal-cache.js';
import type { RetrievalDeps } from './retrieval/retrieve.js';

export interface QueryServices {
  retrieval: RetrievalDeps;
  engine: AnswerEngine;
  pool: WorkPool;
}

/**
 * The extractive engine always; the OpenAI-compatible one in front of it when a model endpoint is
 * configured, falling back to it whenever the model fails or its answer does not survive the guard.
 */
export function createAnswerEngine(config: Config, log?: Pick<FastifyBaseLogger, 'warn'>): AnswerEngine {
  const extractive = createExtractiveEngine();
  if (!config.llm) return extractive;
  return createOpenAiEngine({
    ...config.llm,
    fallback: extractive,
    onFallback: (reason, detail) => log?.warn({ reason, detail }, 'model answer replaced by the extractive engine'),
  });
}

export function createQueryServices(store: Store, passages: PassageIndex, config: Config, engine: AnswerEngine = createAnswerEngine(config)): QueryServices {
  return {
    retrieval: { store, passages, signals: createFileSignalCache(passages) },
    engine,
    pool: createWorkPool(config.queryConcurrency, config.queryQueueLimit),
  };
}

import type { Config } from '../../config/config.js';
import type { Store } from '../../db/store.js';
import type { PassageIndex } from '../documents/passages/passage-index.js';
import type { AnswerEngine } from './answer-engine.js';
import { createExtractiveEngine } from './extractive-engine.js';
import { createOpenAiEngine } from './openai-engine.js';
import { createFileSignalCache } from './retrieval/file-signal-cache.js';
import { createFileSignalsRepository } from '../documents/signals/file-signals.repository.js';
import type { RetrievalDeps } from './retrieval/retrieve.js';

/** What answering a workspace question reads and runs: retrieval over the passages, and the engine. */
export interface QueryServices {
  retrieval: RetrievalDeps;
  engine: AnswerEngine;
}

/**
 * The extractive engine always; the OpenAI-compatible one in front of it when a model endpoint is
 * configured, falling back to it whenever the model fails or its answer does not survive the guard.
 */
export function createAnswerEngine(config: Config, log?: { warn(obj: Record<string, unknown>, msg: string): void }): AnswerEngine {
  const extractive = createExtractiveEngine();
  if (!config.llm) return extractive;
  return createOpenAiEngine({
    ...config.llm,
    fallback: extractive,
    onFallback: (reason, detail) => log?.warn({ reason, detail }, 'model answer replaced by the extractive engine'),
  });
}

/**
 * The file-signal cache needs no invalidation, on any thread: it is keyed by file id, ids are never
 * reused (AUTOINCREMENT, serial), a file's name and text never change after ingestion, and a
 * deleted file is never looked up again (retrieval lists the workspace's ready files first).
 */
export function createQueryServices(store: Store, passages: PassageIndex, config: Config, engine: AnswerEngine = createAnswerEngine(config)): QueryServices {
  return {
    retrieval: { store, passages, signals: createFileSignalCache(passages, createFileSignalsRepository({ db: store.db })) },
    engine,
  };
}

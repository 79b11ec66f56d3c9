import type { Config } from '../config/config.js';
import { openSqliteReadStore } from '../db/open.js';
import { openDatabase } from '../db/open-database.js';
import { createStore } from '../db/store.js';
import { createPostgresPassageIndex } from '../modules/documents/passages/postgres-passage-index.js';
import { createPostgresStatuteSearchIndex } from '../modules/statutes/storage/postgres-search-index.js';
import type { Store } from '../db/store.js';
import type { PassageIndex } from '../modules/documents/passages/passage-index.js';
import { createSqlitePassageIndex } from '../modules/documents/passages/sqlite-passage-index.js';
import type { AnswerEngine } from '../modules/query/answer-engine.js';
import { createAnswerEngine, createQueryServices } from '../modules/query/query-services.js';
import { researchModel } from '../modules/research/model/research-model.js';
import type { StatuteSearchIndex } from '../modules/statutes/storage/search-index.js';
import { createStatutesRepository } from '../modules/statutes/storage/statutes.repository.js';
import { systemClock, type Clock } from '../shared/clock.js';
import type { ThreadPoolLog } from '../shared/thread-pool.js';
import type { AnsweringDeps } from './answer-work.js';

/** The storage answering reads from, whatever the backend. */
export interface AnsweringStorage {
  store: Store;
  passages: PassageIndex;
  statuteSearch: StatuteSearchIndex;
}

/**
 * Answering's dependencies over some storage: retrieval and the answer engine for workspace
 * queries, the statute repository and search for research, and the guarded model of each when
 * one is configured (its network calls run wherever this runs, under the same guard).
 */
export function buildAnsweringDeps(
  storage: AnsweringStorage,
  config: Config,
  log: Pick<ThreadPoolLog, 'warn'>,
  options: { engine?: AnswerEngine; clock?: Clock } = {},
): AnsweringDeps {
  return {
    query: createQueryServices(storage.store, storage.passages, config, options.engine ?? createAnswerEngine(config, log)),
    research: { statutes: createStatutesRepository({ db: storage.store.db }), search: storage.statuteSearch, clock: options.clock ?? systemClock, ...researchModel(config, log) },
  };
}

/**
 * Opens the database read-only from the configuration and builds answering's dependencies over
 * it: what each answering thread does at start. The one place another backend (PostgreSQL from
 * FOLIO_DATABASE_URL) plugs in for answering.
 */
export async function openAnsweringDeps(config: Config, log: Pick<ThreadPoolLog, 'warn'>): Promise<AnsweringDeps & { close(): Promise<void> }> {
  if (config.databaseUrl) {
    // PostgreSQL: the thread's own pool; the server migrated the schema before the threads start.
    const database = await openDatabase(config, { migrate: false });
    const store = createStore(database.db, { stampedFiles: true });
    const deps = buildAnsweringDeps({ store, passages: createPostgresPassageIndex(database.db), statuteSearch: createPostgresStatuteSearchIndex(database.db) }, config, log);
    return { ...deps, close: database.close };
  }
  const opened = openSqliteReadStore(config.dataDir);
  // A large workspace's searches split over this thread and a helper thread of its own (split-search.ts).
  const passages = createSqlitePassageIndex(opened.sqlite, { split: { log } });
  const deps = buildAnsweringDeps({ store: opened.store, passages, statuteSearch: opened.statuteSearch }, config, log);
  return {
    ...deps,
    close: async () => {
      await passages.close();
      await opened.close();
    },
  };
}

import type BetterSqlite3 from 'better-sqlite3';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/config.js';
import type { CoreDeps } from '../../shared/deps.js';
import type { BlobStore } from './blobs/blob-store.js';
import { openBlobStore } from './blobs/open-blob-store.js';
import { createExtractionPool, type ExtractionPool } from './extraction/index.js';
import { createIngestionRepository } from './ingestion/ingestion.repository.js';
import { createIngestionQueue, type IngestionQueue } from './ingestion/ingestion-queue.js';
import { createIndexWriter } from './ingestion/index-writer.js';
import type { PassageIndex } from './passages/passage-index.js';
import { createSqlitePassageIndex } from './passages/sqlite-passage-index.js';
import { createPostgresPassageIndex } from './passages/postgres-passage-index.js';
import { createPostgresIndexWriter } from './ingestion/postgres-index-writer.js';
import { createIdempotency, type Idempotency } from './upload/idempotency.js';
import type { DescribeFile } from './signals/describe-file.js';
import { retagAfterModelChange } from './passages/clause-retag.js';
import { createClauseRetagRepository } from './passages/clause-retag.repository.js';
import { shippedClauseTagger } from './passages/tagged-passages.js';

/** The parts behind document upload and ingestion, built once per server. */
export interface DocumentServices {
  blobs: BlobStore;
  passages: PassageIndex;
  queue: IngestionQueue;
  idempotency: Idempotency;
  extraction: ExtractionPool;
  /**
   * Brings stored clause tags to the shipped model when it changed (clause-retag.ts), then starts
   * the ingestion workers (resuming jobs a previous run left).
   */
  start(): Promise<void>;
  /** Stops taking jobs and the extraction workers; interrupted jobs resume at the next start. */
  close(): Promise<void>;
}

/** How the passages are indexed: SQLite FTS5 on the raw connection, or PostgreSQL tsvector through Kysely. */
export type PassageBackend = { kind: 'sqlite'; raw: BetterSqlite3.Database } | { kind: 'postgres' };

/**
 * The passage index of the backend, for tools that search or delete without running ingestion.
 * `close` stops what the index runs beside the connection (SQLite's split-search thread).
 */
export function createPassageIndex(
  core: CoreDeps,
  backend: PassageBackend,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): PassageIndex & { close(): Promise<void> } {
  if (backend.kind === 'sqlite') return createSqlitePassageIndex(backend.raw, { split: log ? { log } : {} });
  return { ...createPostgresPassageIndex(core.store.db), close: async () => {} };
}

/**
 * Blobs in `<dataDir>/blobs` or the configured bucket; passages and the job queue on the configured
 * database. `describe` (the query capability's reading of a file's name and opening) is stored with
 * each file's passages.
 */
export function createDocumentServices(
  core: CoreDeps,
  backend: PassageBackend,
  config: Config,
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>,
  describe?: DescribeFile,
): DocumentServices {
  const blobs = openBlobStore(config);
  const shared = backend.kind === 'postgres';
  // Workspace-wide searches run here when answering runs on the event loop (no answering threads).
  const passages = createPassageIndex(core, backend, log);
  const extraction = createExtractionPool({
    size: config.ingestConcurrency,
    limits: { timeoutMs: config.extractionTimeoutMs, maxMemoryMb: config.extractionMaxMemoryMb },
  });
  const index = backend.kind === 'sqlite'
    ? createIndexWriter(backend.raw)
    : createPostgresIndexWriter(core.store.db, { onError: (error) => log.warn({ err: error }, 'refreshing planner statistics failed') });
  const queue = createIngestionQueue(
    { ...core, jobs: createIngestionRepository({ db: core.store.db, skipLocked: shared }), blobs, extraction, index, log, ...(describe ? { describe } : {}) },
    // Twice the extraction workers: while one file is indexed, the next is already extracting. On
    // PostgreSQL a live process renews its jobs' leases; a dead one's are taken over within the
    // lease (plus one poll).
    shared
      ? { concurrency: config.ingestConcurrency * 2, pollMs: 1000, staleAfterMs: config.ingestLeaseMs, shared }
      : { concurrency: config.ingestConcurrency * 2, pollMs: 1000, staleAfterMs: config.extractionTimeoutMs * 2 + 60_000 },
  );
  // The longest a request may live: Node cuts it at the request timeout, and what follows the body
  // (storing, the ready wait) takes seconds. A key in progress longer than this was abandoned.
  const maxRequestMs = config.requestTimeoutMs + config.uploadReadyWaitMs + 60_000;
  const idempotency = createIdempotency({ db: core.store.db, maxRequestMs });
  return {
    blobs,
    passages,
    queue,
    idempotency,
    extraction,
    // The index writer thread starts with the first extracted file: booting it at server start
    // slowed every start (from source, under tsx, by seconds) for servers that may never ingest.
    async start() {
      const released = await idempotency.releaseUnanswered(
        shared ? new Date(core.clock.now().getTime() - maxRequestMs).toISOString() : undefined,
      );
      if (released > 0) log.info({ released }, 'released idempotency keys of requests a previous run left unanswered');
      // Before the queue starts, so that no file is tagged by the new model while this runs.
      const retag = await retagAfterModelChange(createClauseRetagRepository({ db: core.store.db }), shippedClauseTagger(), (progress) =>
        log.info(progress, 'the clause model changed: re-tagging stored passages'),
      );
      if (retag.passages > 0) log.info(retag, 'stored passages re-tagged with the shipped clause model');
      await queue.start();
    },
    async close() {
      // Running extractions are cut short rather than awaited (one may take minutes); their jobs resume at the next start.
      await queue.stop(() => extraction.close());
      await index.close();
      await passages.close();
    },
  };
}

/** The embedded default: blobs in `<dataDir>/blobs`, passages in SQLite FTS5. */
export function createSqliteDocumentServices(
  core: CoreDeps,
  sqlite: BetterSqlite3.Database,
  config: Config,
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>,
): DocumentServices {
  return createDocumentServices(core, { kind: 'sqlite', raw: sqlite }, config, log);
}

import type { Worker } from 'node:worker_threads';
import { spawnModuleThread } from '../../../shared/thread-pool.js';
import type BetterSqlite3 from 'better-sqlite3';
import { createIndexBatchApplier, type IndexItem, type IndexOutcome } from './index-batch.js';
import type { WriterReply, WriterRequest } from './index-writer.protocol.js';

/** Puts extracted files into the passage index and marks them ready or failed, in batches. */
export interface IndexWriter {
  /** Resolves once the file's passages, status and job are committed. */
  write(item: IndexItem): Promise<'ready' | 'failed'>;
  /** Finishes what was handed over, then stops. */
  close(): Promise<void>;
}

/**
 * A file database gets a writer thread with its own connection: chunking and FTS5 indexing are the
 * heaviest part of ingesting text, and on the main thread they held the event loop for every
 * request. An in-memory database cannot be shared with a thread, so it is written inline.
 */
export function createIndexWriter(db: BetterSqlite3.Database): IndexWriter {
  return db.memory ? createInlineIndexWriter(db) : createThreadedIndexWriter(db.name);
}

interface Pending {
  resolve(status: 'ready' | 'failed'): void;
  reject(error: Error): void;
}

const settle = (pending: Pending, outcome: IndexOutcome | undefined) => {
  if (outcome && 'status' in outcome) pending.resolve(outcome.status);
  else pending.reject(Object.assign(new Error(`indexing failed: ${outcome?.error ?? 'no outcome'}`), outcome?.code ? { code: outcome.code } : {}));
};

/**
 * Batches what arrives within one event-loop turn, or while the previous batch was being
 * written, into one transaction.
 */
export function createInlineIndexWriter(db: BetterSqlite3.Database): IndexWriter {
  const apply = createIndexBatchApplier(db);
  let batch: Array<{ item: IndexItem; pending: Pending }> = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    const taken = batch;
    batch = [];
    const outcomes = apply(taken.map((entry) => entry.item));
    taken.forEach((entry, i) => settle(entry.pending, outcomes[i]));
  };
  return {
    write(item) {
      return new Promise((resolve, reject) => {
        batch.push({ item, pending: { resolve, reject } });
        if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
      });
    },
    async close() {
      if (batch.length > 0) flush();
    },
  };
}

/** The writer thread's module: its .ts source under tsx (tests, dev), the compiled .js otherwise. */
const workerUrl = new URL(import.meta.url.endsWith('.ts') ? './index-writer.worker.ts' : './index-writer.worker.js', import.meta.url);

/** The writer thread, started on first use; a thread that dies fails its writes and is replaced on the next one. */
export function createThreadedIndexWriter(path: string): IndexWriter {
  let worker: Worker | null = null;
  const pending = new Map<number, Pending>();
  let nextId = 1;

  const failAll = (reason: string) => {
    for (const entry of pending.values()) entry.reject(new Error(reason));
    pending.clear();
  };

  const start = (): Worker => {
    const thread = spawnModuleThread(workerUrl, { path });
    thread.on('message', (reply: WriterReply) => {
      const entry = pending.get(reply.id);
      if (!entry) return;
      pending.delete(reply.id);
      settle(entry, reply.outcome);
      // Only pending writes keep the process alive.
      if (pending.size === 0) thread.unref();
    });
    thread.on('error', (error) => {
      if (worker === thread) worker = null;
      failAll(`the index writer crashed: ${error.message}`);
    });
    thread.on('exit', () => {
      if (worker === thread) worker = null;
      failAll('the index writer stopped');
    });
    return thread;
  };

  return {
    write(item) {
      worker ??= start();
      const thread = worker;
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        thread.ref();
        thread.postMessage({ id, item } satisfies WriterRequest);
      });
    },
    async close() {
      const thread = worker;
      worker = null;
      if (!thread) return;
      // Writes handed over are committed (or not) as one transaction; wait for their answers, then stop.
      if (pending.size > 0) {
        await new Promise<void>((resolve) => {
          const check = () => (pending.size === 0 ? resolve() : setTimeout(check, 5));
          check();
        });
      }
      await thread.terminate();
    },
  };
}

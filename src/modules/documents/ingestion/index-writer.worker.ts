import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import { createIndexBatchApplier, type IndexItem } from './index-batch.js';
import type { WriterReply, WriterRequest } from './index-writer.protocol.js';

/*
 * Index writer thread: its own connection to the same SQLite file (WAL lets the server's
 * connection read meanwhile). Files that arrive while a batch is being written form the next
 * batch, so the batch size follows the load without any added delay.
 */
const port = parentPort;
if (!port) throw new Error('index-writer.worker must run as a worker thread');

/**
 * Indexing yields the CPU to the main thread (HTTP, health checks, reads) when both want it, as the
 * answering threads and extraction children do: on Linux a nice value is per thread, so this lowers
 * only this thread's priority. The server never waits for it on its event loop (its own writes
 * retry asynchronously while this thread holds the lock), so a slower batch costs no request time.
 */
const INDEXING_NICE = 10;
try {
  setPriority(0, INDEXING_NICE);
} catch {
  // Not permitted or not supported here: the thread runs at the process's priority.
}

const db = new BetterSqlite3((workerData as { path: string }).path);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.pragma('foreign_keys = ON');
// The server's connection and CLI processes write too: wait for the lock rather than fail.
db.pragma('busy_timeout = 5000');
db.pragma('cache_size = -16384');
const apply = createIndexBatchApplier(db);

let batch: Array<{ id: number; item: IndexItem }> = [];
let scheduled = false;

/** Text per transaction (~20 ms of FTS5 work): bounds how long the write lock is held, which the server's own writes (uploads, job claims) wait for, blocking its event loop. */
const MAX_BATCH_CHARS = 256_000;

function takeBatch(): Array<{ id: number; item: IndexItem }> {
  let chars = 0;
  let count = 0;
  while (count < batch.length && (count === 0 || chars < MAX_BATCH_CHARS)) {
    for (const page of batch[count]!.item.pages) chars += page.text.length;
    count += 1;
  }
  return batch.splice(0, count);
}

function flush(): void {
  scheduled = false;
  const taken = takeBatch();
  if (batch.length > 0) {
    scheduled = true;
    setImmediate(flush);
  }
  const outcomes = apply(taken.map((entry) => entry.item));
  taken.forEach((entry, i) => port!.postMessage({ id: entry.id, outcome: outcomes[i] ?? { error: 'no outcome' } } satisfies WriterReply));
}

port.on('message', (request: WriterRequest) => {
  batch.push(request);
  if (!scheduled) {
    scheduled = true;
    setImmediate(flush);
  }
});

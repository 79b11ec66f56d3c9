import type { Worker } from 'node:worker_threads';
import type { FtsRanking } from '../../../db/fts/folio-bm25.js';
import { spawnModuleThread } from '../../../shared/thread-pool.js';
import type { RangeMessage, RangeRequest, Ranked } from './range-ranking.js';

const entry = new URL(import.meta.url.endsWith('.ts') ? './range-search.worker.ts' : './range-search.worker.js', import.meta.url);

/** The side of a split search that runs on another thread (range-search.worker.ts): one search at a time. */
export interface RangeSearchHelper {
  /**
   * True when its thread is running and searching nothing. With no thread (the first ask, or after
   * one failed and the restart pause has passed) it starts one and answers false until it is ready.
   */
  idle(): boolean;
  /** The workspace's best `limit` passages with ids past `after`; rejects when the thread fails, dies or passes the ceiling. */
  rankAbove(workspaceId: number, ftsQuery: string, after: number, limit: number): Promise<Ranked[]>;
  /** Stops the thread; a search waiting on it rejects, and none starts another. */
  close(): Promise<void>;
}

export interface RangeSearchHelperOptions {
  /** Starts the thread on the database file (tests hand in one they can break). */
  spawn?: (path: string) => Worker;
  /** A request unanswered this long fails (its search runs whole) and the thread is replaced: a ceiling for a stuck thread, not a target. */
  ceilingMs?: number;
  /** A thread not ready this long after it started is replaced (a start under tsx on a busy machine takes seconds). */
  startCeilingMs?: number;
  /** After a failure, searches run whole this long before one starts a new thread: a thread that cannot start is not restarted in a loop. */
  restartPauseMs?: number;
  log?: { warn(obj: Record<string, unknown>, msg: string): void };
  /** The ranking function the thread's connection uses (folio-bm25.ts; both give the same scores). */
  ranking?: FtsRanking;
}

interface Pending {
  id: number;
  resolve(ranked: Ranked[]): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/** A range-search thread on the database file at `path`, started on first use and replaced after a failure. */
export function createRangeSearchHelper(path: string, options: RangeSearchHelperOptions = {}): RangeSearchHelper {
  const spawn = options.spawn ?? ((file: string) => spawnModuleThread(entry, { path: file, ...(options.ranking ? { ranking: options.ranking } : {}) }));
  const ceilingMs = options.ceilingMs ?? 10_000;
  const startCeilingMs = options.startCeilingMs ?? 60_000;
  const restartPauseMs = options.restartPauseMs ?? 1_000;
  let thread: Worker | null = null;
  let ready = false;
  let pending: Pending | null = null;
  let nextId = 1;
  let notBefore = 0;
  let closed = false;

  /** The thread is done for: its request fails, and a later search may start another. */
  const fail = (worker: Worker, reason: string) => {
    if (thread !== worker) return;
    thread = null;
    ready = false;
    notBefore = Date.now() + restartPauseMs;
    void worker.terminate();
    const request = pending;
    pending = null;
    if (request) {
      clearTimeout(request.timer);
      request.reject(new Error(`the range-search thread failed: ${reason}`));
    }
    options.log?.warn({ reason }, 'the range-search thread failed; workspace searches run whole until it is replaced');
  };

  const start = () => {
    const worker = spawn(path);
    thread = worker;
    // Only a request in flight keeps the process alive: an idle helper never holds an exit.
    worker.unref();
    const startTimer = setTimeout(() => fail(worker, `not ready within ${startCeilingMs} ms`), startCeilingMs);
    startTimer.unref();
    worker.on('message', (message: RangeMessage) => {
      if (thread !== worker) return;
      if (message.type === 'ready') {
        clearTimeout(startTimer);
        ready = true;
        return;
      }
      const request = pending;
      if (!request || request.id !== message.id) return;
      pending = null;
      clearTimeout(request.timer);
      worker.unref();
      if (message.type === 'ranked') request.resolve(Array.from(message.ids, (id, i) => ({ id, score: message.scores[i] as number })));
      else request.reject(new Error(message.message));
    });
    worker.on('error', (error) => fail(worker, `uncaught ${error.name}: ${error.message}`));
    worker.on('exit', (code) => {
      clearTimeout(startTimer);
      fail(worker, `exited with code ${code}`);
    });
  };

  return {
    idle() {
      if (closed) return false;
      if (!thread) {
        if (Date.now() >= notBefore) start();
        return false;
      }
      return ready && pending === null;
    },
    rankAbove(workspaceId, ftsQuery, after, limit) {
      const worker = thread;
      if (closed || !worker || !ready || pending) return Promise.reject(new Error('the range-search thread is not idle'));
      const id = nextId++;
      return new Promise<Ranked[]>((resolve, reject) => {
        const timer = setTimeout(() => fail(worker, `no answer within ${ceilingMs} ms`), ceilingMs);
        pending = { id, resolve, reject, timer };
        worker.ref();
        worker.postMessage({ id, workspaceId, ftsQuery, after, limit } satisfies RangeRequest);
      });
    },
    async close() {
      closed = true;
      const worker = thread;
      thread = null;
      ready = false;
      const request = pending;
      pending = null;
      if (request) {
        clearTimeout(request.timer);
        request.reject(new Error('the range-search thread is closed'));
      }
      if (worker) await worker.terminate();
    },
  };
}

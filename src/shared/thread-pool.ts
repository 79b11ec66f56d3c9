import { Worker } from 'node:worker_threads';
import { deserializeError, type SerializedError } from './error-transfer.js';
import { letThreadsSizeTheirYoungGeneration, THREAD_RESOURCE_LIMITS } from './young-generation.js';

/*
 * Hand-written rather than piscina: admission (a bounded queue that sheds on wait time, with 503 +
 * Retry-After) already sits in front (work-pool.ts), so a library's own unbounded task queue would
 * be a second, unmeasured queue behind it; a crashed thread's task must answer 503 rather than the
 * raw worker error; threads forward log lines; and under tsx a thread needs tsx registered before
 * its .ts entry loads. What remains is ~150 lines over node:worker_threads, with no new dependency.
 */

/** Messages between the pool and a thread. */
export interface TaskMessage<T> {
  id: number;
  task: T;
}
export type ReplyMessage<R> = { id: number; ok: true; value: R } | { id: number; ok: false; error: SerializedError };
/** A log line a thread asks the main thread's logger to write. */
export interface LogMessage {
  type: 'log';
  level: 'info' | 'warn' | 'error';
  obj: Record<string, unknown>;
  msg: string;
}
/** A thread has done its start-up work (announceReady in thread-worker.ts). */
export interface ReadyMessage {
  type: 'ready';
}

/** The task's thread died (crashed, exited, or the pool closed) before it answered. */
export class ThreadLost extends Error {
  override name = 'ThreadLost';
}

type LogFn = (obj: Record<string, unknown>, msg: string) => void;
export interface ThreadPoolLog {
  info: LogFn;
  warn: LogFn;
  error: LogFn;
}

export interface ThreadPoolOptions {
  /** Threads kept running. */
  size: number;
  /** Starts one thread. */
  spawn(): Worker;
  /** Tasks one thread is handed at once (default 1: CPU-bound work gains nothing from more). */
  tasksPerThread?: number;
  log: ThreadPoolLog;
  /** What the threads are for, in log lines. */
  name?: string;
}

export interface ThreadPool<T, R> {
  /** Runs a task on the least busy thread (starting the threads on first use); rejects with the task's own error, or ThreadLost. */
  run(task: T): Promise<R>;
  /** Starts every thread now instead of on the first task. */
  start(): void;
  /**
   * Resolves once every thread running now has announced it is ready, or has died: for threads
   * whose entry calls announceReady after its start-up work. Never rejects, so a thread that cannot
   * start does not stop its caller (its tasks fail with ThreadLost instead).
   */
  whenReady(): Promise<void>;
  /** Threads alive, and tasks handed to them. */
  stats(): { threads: number; running: number; waiting: number };
  /** Stops every thread; tasks not yet answered reject with ThreadLost. */
  close(): Promise<void>;
}

interface Pending<R> {
  resolve(value: R): void;
  reject(error: Error): void;
}

interface Slot<R> {
  worker: Worker;
  running: Map<number, Pending<R>>;
  dead: boolean;
  /** Whether it ever answered: one that dies before (it cannot start) is replaced after a pause, not in a tight loop. */
  answered: boolean;
  ready: boolean;
}

/** Pause before replacing a thread that died without answering anything. */
const FAILED_START_PAUSE_MS = 1000;

/** A fixed set of worker threads, each handed at most `tasksPerThread` tasks; a thread that dies is replaced. */
export function createThreadPool<T, R>(options: ThreadPoolOptions): ThreadPool<T, R> {
  const perThread = options.tasksPerThread ?? 1;
  const name = options.name ?? 'worker';
  const slots: Array<Slot<R>> = [];
  // Tasks waiting for a thread: only while one is being replaced, since admission bounds the rest.
  const waiting: Array<{ id: number; task: T; pending: Pending<R> }> = [];
  let nextId = 1;
  let closed = false;
  // whenReady's callers, each with the threads it waits for.
  let readyWaiters: Array<{ slots: Array<Slot<R>>; resolve(): void }> = [];
  const checkReady = () => {
    const done = readyWaiters.filter((w) => w.slots.every((s) => s.ready || s.dead));
    readyWaiters = readyWaiters.filter((w) => !done.includes(w));
    for (const w of done) w.resolve();
  };

  const settle = (slot: Slot<R>) => {
    // Only threads with work (or whose readiness someone awaits) keep the process alive: a
    // forgotten close never holds a process open.
    const awaited = !slot.ready && readyWaiters.some((w) => w.slots.includes(slot));
    if (slot.running.size === 0 && !awaited) slot.worker.unref();
    else slot.worker.ref();
  };

  const dispatch = () => {
    while (waiting.length > 0) {
      const slot = slots.filter((s) => !s.dead && s.running.size < perThread).sort((a, b) => a.running.size - b.running.size)[0];
      if (!slot) return;
      const next = waiting.shift()!;
      slot.running.set(next.id, next.pending);
      settle(slot);
      slot.worker.postMessage({ id: next.id, task: next.task } satisfies TaskMessage<T>);
    }
  };

  const lost = (slot: Slot<R>, reason: string, error?: Error) => {
    if (slot.dead) return;
    slot.dead = true;
    const index = slots.indexOf(slot);
    const tasks = [...slot.running.values()];
    slot.running.clear();
    if (!closed) {
      options.log.error({ err: error, reason, tasksLost: tasks.length }, `${name} thread died; replacing it`);
      const replace = () => {
        if (!closed && index >= 0 && slots[index] === slot) {
          slots[index] = startSlot();
          dispatch();
        }
      };
      if (slot.answered) replace();
      else setTimeout(replace, FAILED_START_PAUSE_MS);
    } else if (index >= 0) {
      slots.splice(index, 1);
    }
    for (const task of tasks) task.reject(new ThreadLost(`the ${name} thread running this task died: ${reason}`));
    checkReady();
    // With no thread alive (they cannot start, say), queued tasks are answered now rather than left hanging.
    if (!slots.some((s) => !s.dead)) {
      for (const task of waiting.splice(0)) task.pending.reject(new ThreadLost(`no ${name} thread is running: ${reason}`));
    }
    dispatch();
  };

  function startSlot(): Slot<R> {
    const worker = options.spawn();
    const slot: Slot<R> = { worker, running: new Map(), dead: false, answered: false, ready: false };
    worker.on('message', (message: ReplyMessage<R> | LogMessage | ReadyMessage) => {
      if ('type' in message) {
        if (message.type === 'ready') {
          slot.ready = true;
          checkReady();
          settle(slot);
        } else {
          options.log[message.level]({ ...message.obj, thread: worker.threadId }, message.msg);
        }
        return;
      }
      const pending = slot.running.get(message.id);
      if (!pending) return;
      slot.running.delete(message.id);
      slot.answered = true;
      settle(slot);
      if (message.ok) pending.resolve(message.value);
      else pending.reject(deserializeError(message.error));
      dispatch();
    });
    worker.on('error', (error) => lost(slot, `uncaught ${error.name}: ${error.message}`, error));
    worker.on('exit', (code) => lost(slot, `exited with code ${code}`));
    settle(slot);
    return slot;
  }

  const start = () => {
    if (closed) return;
    while (slots.length < options.size) slots.push(startSlot());
  };

  return {
    run(task) {
      if (closed) return Promise.reject(new ThreadLost(`the ${name} threads are closed`));
      start();
      return new Promise<R>((resolve, reject) => {
        waiting.push({ id: nextId++, task, pending: { resolve, reject } });
        dispatch();
      });
    },
    start,
    whenReady: () =>
      new Promise<void>((resolve) => {
        readyWaiters.push({ slots: [...slots], resolve });
        checkReady();
        for (const slot of slots) settle(slot);
      }),
    stats: () => ({
      threads: slots.filter((s) => !s.dead).length,
      running: slots.reduce((sum, s) => sum + s.running.size, 0),
      waiting: waiting.length,
    }),
    async close() {
      closed = true;
      for (const task of waiting.splice(0)) task.pending.reject(new ThreadLost(`the ${name} threads are closed`));
      const stopping = slots.map((slot) => slot.worker.terminate());
      await Promise.all(stopping);
      for (const slot of [...slots]) lost(slot, 'the pool closed');
      slots.length = 0;
    },
  };
}

/**
 * A thread running the module at `entry`. From source (tests and dev run under tsx) the thread
 * registers tsx's loader first, since a worker does not inherit the main thread's loader hooks.
 */
export function spawnModuleThread(entry: URL, workerData: unknown, options: { resourceLimits?: Worker['resourceLimits'] } = {}): Worker {
  const limits = { resourceLimits: { ...THREAD_RESOURCE_LIMITS, ...options.resourceLimits } };
  letThreadsSizeTheirYoungGeneration();
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, { workerData, ...limits });
  const tsxApi = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Worker(bootstrap, { eval: true, execArgv: [], workerData, ...limits });
}

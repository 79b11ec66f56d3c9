import { parentPort } from 'node:worker_threads';
import { serializeError } from './error-transfer.js';
import type { LogMessage, ReadyMessage, ReplyMessage, TaskMessage, ThreadPoolLog } from './thread-pool.js';

/** Inside a pool's thread: answers each task with `handle`'s value or its error, as plain data. */
export function serveThreadTasks<T, R>(handle: (task: T) => Promise<R>): void {
  const port = parentPort;
  if (!port) throw new Error('serveThreadTasks must run in a worker thread');
  port.on('message', (message: TaskMessage<T>) => {
    handle(message.task).then(
      (value) => port.postMessage({ id: message.id, ok: true, value } satisfies ReplyMessage<R>),
      (error: unknown) => port.postMessage({ id: message.id, ok: false, error: serializeError(error) } satisfies ReplyMessage<R>),
    );
  });
}

/** Inside a pool's thread: tells the pool its start-up work is done (ThreadPool.whenReady). */
export function announceReady(): void {
  parentPort?.postMessage({ type: 'ready' } satisfies ReadyMessage);
}

/** A logger inside a pool's thread: lines go to the main thread's logger. */
export function threadLog(): ThreadPoolLog {
  const port = parentPort;
  const send = (level: LogMessage['level']) => (obj: Record<string, unknown>, msg: string) =>
    port?.postMessage({ type: 'log', level, obj: plain(obj), msg } satisfies LogMessage);
  return { info: send('info'), warn: send('warn'), error: send('error') };
}

/** Log fields as cloneable data (an Error field keeps its message and stack). */
function plain(obj: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, v instanceof Error ? { type: v.name, message: v.message, stack: v.stack } : v]));
}

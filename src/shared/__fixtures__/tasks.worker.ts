import { threadId } from 'node:worker_threads';
import { AppError } from '../errors.js';
import { serveThreadTasks, threadLog } from '../thread-worker.js';

/** A pool thread for thread-pool.test.ts: echoes, raises, logs, reports its thread, or dies on request. */
export type FixtureTask = { kind: 'echo'; value: unknown } | { kind: 'fail' } | { kind: 'crash' } | { kind: 'log' } | { kind: 'thread' } | { kind: 'throw-uncaught' };

serveThreadTasks(async (task: FixtureTask) => {
  switch (task.kind) {
    case 'echo':
      return task.value;
    case 'fail':
      throw new AppError(409, 'fixture.conflict', 'Conflict in the fixture', { 'X-Fixture': 'yes' });
    case 'crash':
      process.exit(3);
      break;
    case 'throw-uncaught':
      setImmediate(() => {
        throw new Error('uncaught in the fixture thread');
      });
      return new Promise(() => {});
    case 'log':
      threadLog().warn({ reason: 'fixture', err: new Error('inner') }, 'a line from the thread');
      return 'logged';
    case 'thread':
      return threadId;
  }
  return null;
});

import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import type { FixtureTask } from './__fixtures__/tasks.worker.js';
import { AppError } from './errors.js';
import { createThreadPool, spawnModuleThread, ThreadLost, type ThreadPool } from './thread-pool.js';

const entry = new URL('./__fixtures__/tasks.worker.ts', import.meta.url);

function recordingLog() {
  const lines: Array<{ level: string; obj: Record<string, unknown>; msg: string }> = [];
  const at = (level: string) => (obj: Record<string, unknown>, msg: string) => lines.push({ level, obj, msg });
  return { lines, log: { info: at('info'), warn: at('warn'), error: at('error') } };
}

const pools: Array<ThreadPool<FixtureTask, unknown>> = [];
function pool(size: number, log = recordingLog().log) {
  const created = createThreadPool<FixtureTask, unknown>({ size, spawn: () => spawnModuleThread(entry, {}), log, name: 'fixture' });
  pools.push(created);
  return created;
}
after(async () => {
  await Promise.all(pools.map((p) => p.close()));
});

test('a task runs on a thread and its value comes back', async () => {
  const threads = pool(1);
  assert.deepEqual(await threads.run({ kind: 'echo', value: { answer: 'yes', citations: [1, 2] } }), { answer: 'yes', citations: [1, 2] });
  assert.deepEqual(threads.stats(), { threads: 1, running: 0, waiting: 0 });
});

test('an AppError raised in a thread arrives as the same value (status, code, detail, headers)', async () => {
  const threads = pool(1);
  const error = await threads.run({ kind: 'fail' }).then(
    () => assert.fail('expected a rejection'),
    (e: unknown) => e,
  );
  assert.ok(error instanceof AppError);
  assert.equal(error.status, 409);
  assert.equal(error.code, 'fixture.conflict');
  assert.equal(error.detail, 'Conflict in the fixture');
  assert.deepEqual(error.headers, { 'X-Fixture': 'yes' });
});

test('a thread that exits fails its task with ThreadLost, is logged, and is replaced', async () => {
  const { lines, log } = recordingLog();
  const threads = pool(1, log);
  const first = await threads.run({ kind: 'thread' });
  await assert.rejects(threads.run({ kind: 'crash' }), ThreadLost);
  assert.equal(lines.filter((l) => l.level === 'error').length, 1);
  assert.match(lines[0]!.msg, /fixture thread died/);
  assert.equal(lines[0]!.obj.tasksLost, 1);
  // The replacement answers, and it is a new thread.
  const second = await threads.run({ kind: 'thread' });
  assert.notEqual(second, first);
  assert.equal(threads.stats().threads, 1);
});

test('an uncaught exception in a thread fails its task and the thread is replaced', async () => {
  const { lines, log } = recordingLog();
  const threads = pool(1, log);
  await assert.rejects(threads.run({ kind: 'throw-uncaught' }), ThreadLost);
  assert.match(String(lines.find((l) => l.level === 'error')?.obj.reason), /uncaught in the fixture thread/);
  assert.equal(await threads.run({ kind: 'echo', value: 7 }), 7);
});

test('log lines written in a thread reach the pool logger', async () => {
  const { lines, log } = recordingLog();
  const threads = pool(1, log);
  assert.equal(await threads.run({ kind: 'log' }), 'logged');
  const line = lines.find((l) => l.msg === 'a line from the thread');
  assert.ok(line);
  assert.equal(line.level, 'warn');
  assert.equal(line.obj.reason, 'fixture');
  assert.equal((line.obj.err as { message: string }).message, 'inner');
});

test('tasks beyond the threads wait for one, and all are answered', async () => {
  const threads = pool(2);
  const values = await Promise.all(Array.from({ length: 6 }, (_, i) => threads.run({ kind: 'echo', value: i })));
  assert.deepEqual(values, [0, 1, 2, 3, 4, 5]);
  const ids = new Set(await Promise.all(Array.from({ length: 4 }, () => threads.run({ kind: 'thread' }))));
  assert.ok(ids.size >= 1 && ids.size <= 2);
});

test('close stops the threads; a task after it is refused', async () => {
  const threads = pool(2);
  await threads.run({ kind: 'echo', value: 1 });
  assert.equal(threads.stats().threads, 2);
  await threads.close();
  assert.equal(threads.stats().threads, 0);
  await assert.rejects(threads.run({ kind: 'echo', value: 2 }), ThreadLost);
});

test('threads that cannot start fail their tasks promptly instead of leaving them waiting', async () => {
  const { lines, log } = recordingLog();
  const broken = createThreadPool<FixtureTask, unknown>({ size: 1, spawn: () => spawnModuleThread(new URL('./__fixtures__/no-such.worker.ts', import.meta.url), {}), log, name: 'broken' });
  pools.push(broken);
  await assert.rejects(broken.run({ kind: 'echo', value: 1 }), ThreadLost);
  assert.ok(lines.some((l) => l.level === 'error' && /broken thread died/.test(l.msg)));
});

test('whenReady waits for every thread to announce it is ready, and for none that died first', async () => {
  const slow = createThreadPool<FixtureTask, unknown>({ size: 2, spawn: () => spawnModuleThread(new URL('./__fixtures__/slow-start.worker.ts', import.meta.url), { startMs: 400 }), log: recordingLog().log, name: 'slow' });
  pools.push(slow);
  const started = performance.now();
  slow.start();
  await slow.whenReady();
  assert.ok(performance.now() - started >= 400, 'not before the start-up work is done');
  // A thread that cannot start counts as done: the caller is not held up by it.
  const broken = createThreadPool<FixtureTask, unknown>({ size: 1, spawn: () => spawnModuleThread(new URL('./__fixtures__/no-such.worker.ts', import.meta.url), {}), log: recordingLog().log, name: 'broken' });
  pools.push(broken);
  broken.start();
  await broken.whenReady();
  assert.equal(broken.stats().threads, 0);
});

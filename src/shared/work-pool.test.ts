import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createWorkPool, PoolSaturated } from './work-pool.js';

test('runs at most `concurrency` tasks, queues up to the limit, refuses past it', async () => {
  const pool = createWorkPool(2, 1);
  let running = 0;
  let peak = 0;
  const gates: Array<() => void> = [];
  const task = () =>
    pool.run(async () => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise<void>((resolve) => gates.push(resolve));
      running -= 1;
      return 'done';
    });
  const first = task();
  const second = task();
  const third = task();
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(pool.stats(), { active: 2, waiting: 1 });
  await assert.rejects(task(), PoolSaturated);
  while (gates.length > 0 || pool.stats().active > 0) {
    gates.shift()?.();
    await new Promise((r) => setImmediate(r));
  }
  assert.deepEqual(await Promise.all([first, second, third]), ['done', 'done', 'done']);
  assert.equal(peak, 2);
});

test('a failing task frees its slot', async () => {
  const pool = createWorkPool(1, 0);
  await assert.rejects(pool.run(async () => Promise.reject(new Error('boom'))), /boom/);
  assert.equal(await pool.run(async () => 7), 7);
});

test('sheds on wait time: once the oldest waiter has waited past the bound, new tasks are refused, and a late waiter is not started', async () => {
  let clock = 0;
  const pool = createWorkPool(1, 10, { maxWaitMs: 1000, now: () => clock });
  let open: () => void = () => {};
  const running = pool.run(() => new Promise<string>((resolve) => (open = () => resolve('first'))));
  const queued = pool.run(async () => 'second');
  await new Promise((r) => setImmediate(r));
  assert.equal(pool.stats().waiting, 1);

  clock = 900;
  assert.equal(pool.oldestWaitMs(), 900);
  const third = pool.run(async () => 'third'); // the queue still drains in time: admitted to wait
  await new Promise((r) => setImmediate(r));
  assert.equal(pool.stats().waiting, 2);

  clock = 1500; // the oldest has now waited 1500 ms: the queue is too slow for new work
  await assert.rejects(pool.run(async () => 'fourth'), PoolSaturated);

  open();
  assert.equal(await running, 'first');
  await assert.rejects(queued, PoolSaturated, 'waited 1500 ms: refused, not started late');
  assert.equal(await third, 'third', 'waited 600 ms: runs');
  assert.deepEqual(pool.stats(), { active: 0, waiting: 0 });
});

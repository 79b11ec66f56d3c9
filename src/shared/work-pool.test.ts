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

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createReadCache } from './read-cache.js';

/** A load that resolves only when told to, counting its calls. */
function gatedLoad<T>(value: T) {
  let calls = 0;
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => (open = resolve));
  return { load: async () => { calls += 1; await gate; return value; }, open: () => open(), calls: () => calls };
}

test('requests that miss together share one load, and a commit starts a new one', async () => {
  let token = 'a';
  const cache = createReadCache(() => token);
  const first = gatedLoad(['tree 1']);
  const reads = Array.from({ length: 5 }, () => cache.read('tree', first.load));
  first.open();
  const values = await Promise.all(reads);
  assert.equal(first.calls(), 1, 'five concurrent misses, one load');
  for (const v of values) assert.equal(v, values[0], 'every reader gets the same object');
  assert.equal(await cache.read('tree', first.load), values[0]);

  token = 'b';
  const second = gatedLoad(['tree 2']);
  const after = [cache.read('tree', second.load), cache.read('tree', second.load)];
  second.open();
  assert.deepEqual(await Promise.all(after), [['tree 2'], ['tree 2']]);
  assert.equal(second.calls(), 1);
});

test('a stamped read shares the load of another with the same stamp, and keeps it across commits that leave the stamp', async () => {
  let token = 't1';
  let stamp = 7;
  const cache = createReadCache(() => token);
  const load = gatedLoad({ files: 3000 });
  const stampOf = async () => stamp;
  const reads = Array.from({ length: 4 }, () => cache.readStamped('tree-files:1', stampOf, load.load));
  load.open();
  const [value, ...others] = await Promise.all(reads);
  assert.equal(load.calls(), 1);
  for (const o of others) assert.equal(o, value);

  token = 't2'; // a commit elsewhere: the stamp is the same, so nothing is loaded
  assert.equal(await cache.readStamped('tree-files:1', stampOf, async () => ({ files: -1 })), value);
  stamp = 8;
  token = 't3';
  assert.deepEqual(await cache.readStamped('tree-files:1', stampOf, async () => ({ files: 3001 })), { files: 3001 });
});

test('a failed load is not kept: the readers waiting on it see the error, the next read loads again', async () => {
  const cache = createReadCache(() => 'same');
  let calls = 0;
  const failing = async () => {
    calls += 1;
    throw new Error('database is locked');
  };
  const results = await Promise.allSettled([cache.read('k', failing), cache.read('k', failing)]);
  assert.deepEqual(results.map((r) => r.status), ['rejected', 'rejected']);
  assert.equal(calls, 1);
  assert.equal(await cache.read('k', async () => 'ok'), 'ok');
});

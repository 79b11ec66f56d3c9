import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createReadCache } from './read-cache.js';
import { createSharedChangeToken } from './shared-change-token.js';

test('a cached read is reloaded after a local write, a remote change, or once its second is over', async () => {
  let local = 0;
  let remote = 0;
  let now = 10_000;
  const cache = createReadCache(createSharedChangeToken({ local: () => local, remote: () => remote, now: () => now, maxAgeMs: 1000 }));
  let loads = 0;
  const read = () => cache.read('key:h', async () => ++loads);
  assert.equal(await read(), 1);
  assert.equal(await read(), 1);
  local += 1;
  assert.equal(await read(), 2);
  remote += 1;
  assert.equal(await read(), 3);
  now += 999;
  assert.equal(await read(), 3);
  now += 1;
  assert.equal(await read(), 4, 'no entry outlives its second, whatever the feed missed');
});

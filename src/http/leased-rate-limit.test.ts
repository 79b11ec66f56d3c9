import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createLeasedRateLimitStore, leaseSize, MAX_LEASE, type WindowLeases } from './leased-rate-limit.js';

test('hits that arrive while a lease is being taken wait for it, and fail with it when the shared store is down', async () => {
  let takes = 0;
  let down = true;
  const leases: WindowLeases = {
    async take(_key, want, _limit, windowMs, nowMs) {
      takes += 1;
      await new Promise((r) => setTimeout(r, 5));
      if (down) throw new Error('Redis is unreachable');
      return { count: want, resetAtMs: nowMs + windowMs, granted: want };
    },
  };
  const store = createLeasedRateLimitStore(leases);
  const results = await Promise.allSettled(Array.from({ length: 20 }, () => store.hit('key:1', 60_000, 1_000, 1_000_000)));
  assert.ok(results.every((r) => r.status === 'rejected' && /unreachable/.test(String(r.reason))));
  assert.equal(takes, 1, 'one attempt for the 20 hits, not one after another');
  down = false;
  const counts = await Promise.all(Array.from({ length: 20 }, () => store.hit('key:1', 60_000, 1_000, 1_000_000)));
  assert.deepEqual(counts.map((c) => c.count), Array.from({ length: 20 }, (_, i) => i + 1));
  assert.equal(takes, 2, 'the store is back: one lease serves all 20');
});

test('a lease is an eighth of what the window has left, at most the wanted size, one at or past the limit', () => {
  assert.equal(leaseSize(MAX_LEASE, 100, 0), 12);
  assert.equal(leaseSize(MAX_LEASE, 100, 23), 9);
  assert.equal(leaseSize(MAX_LEASE, 100, 95), 1);
  assert.equal(leaseSize(MAX_LEASE, 100, 100), 1);
  assert.equal(leaseSize(MAX_LEASE, 100, 150), 1);
  assert.equal(leaseSize(MAX_LEASE, 1_000_000_000, 0), MAX_LEASE);
});

import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, test } from 'node:test';
import { openRedis } from '../db/redis.js';
import { createLeasedRateLimitStore, type WindowLeases } from './leased-rate-limit.js';
import { createRedisRateLimitStore, createRedisWindowLeases } from './redis-rate-limit.js';

// The real Redis of the PostgreSQL run (FOLIO_TEST_REDIS_URL); each test under a prefix of its own.
const url = process.env.FOLIO_TEST_REDIS_URL?.trim();
const connections = url ? [openRedis(url), openRedis(url)] : [];
after(() => connections.forEach((c) => c.disconnect()));
const skip = !url && 'FOLIO_TEST_REDIS_URL is not set';

test('two processes, 300 concurrent hits on a key limited to 100: every hit has a count of its own, exactly 100 are admitted', { skip }, async () => {
  const prefix = `folio-test:${randomUUID()}:`;
  const stores = connections.map((c) => createRedisRateLimitStore(c, prefix));
  const now = Date.now();
  const counts = await Promise.all(Array.from({ length: 300 }, (_, i) => stores[i % 2]!.hit('key:k1', 60_000, now, 100)));
  assert.equal(new Set(counts.map((c) => c.count)).size, 300, 'leases never overlap');
  // Nearing the limit leases shrink to one hit, so no process strands hits the other was refused.
  assert.equal(counts.filter((c) => c.count <= 100).length, 100);
  assert.ok(counts.every((c) => c.resetAtMs === now + 60_000));
  assert.equal(Number(await connections[0]!.hget(`${prefix}rl:key:k1`, 'c')), 300);
  await connections[0]!.del(`${prefix}rl:key:k1`);
});

test('one process counts exactly as before, 1, 2, 3 ..., in far fewer round trips than hits', { skip }, async () => {
  const prefix = `folio-test:${randomUUID()}:`;
  const real = createRedisWindowLeases(connections[0]!, prefix);
  let takes = 0;
  const counted: WindowLeases = { take: (...args) => ((takes += 1), real.take(...args)) };
  const store = createLeasedRateLimitStore(counted);
  const now = Date.now();
  const counts: number[] = [];
  for (let i = 0; i < 1000; i++) counts.push((await store.hit('key:k2', 60_000, now, 100_000)).count);
  assert.deepEqual(counts, Array.from({ length: 1000 }, (_, i) => i + 1));
  assert.ok(takes <= 1000 / 200, `${takes} round trips for 1000 hits`);
  // Past a small limit every hit is counted alone, and is still counted.
  const small: number[] = [];
  for (let i = 0; i < 8; i++) small.push((await store.hit('key:k3', 60_000, now, 5)).count);
  assert.deepEqual(small, [1, 2, 3, 4, 5, 6, 7, 8]);
  await connections[0]!.del(`${prefix}rl:key:k2`, `${prefix}rl:key:k3`);
});

test("a window ends by the caller's clock: the next hit starts a new one and drops the old lease; keys are separate", { skip }, async () => {
  const prefix = `folio-test:${randomUUID()}:`;
  const store = createRedisRateLimitStore(connections[0]!, prefix);
  const t0 = 1_000_000;
  assert.deepEqual(await store.hit('a', 1000, t0, 100), { count: 1, resetAtMs: t0 + 1000 });
  assert.deepEqual(await store.hit('a', 1000, t0 + 999, 100), { count: 2, resetAtMs: t0 + 1000 });
  assert.deepEqual(await store.hit('b', 1000, t0 + 999, 100), { count: 1, resetAtMs: t0 + 1999 });
  assert.deepEqual(await store.hit('a', 1000, t0 + 1000, 100), { count: 1, resetAtMs: t0 + 2000 });
  assert.ok((await connections[0]!.pttl(`${prefix}rl:a`)) > 0, 'the key expires by itself');
  await connections[0]!.del(`${prefix}rl:a`, `${prefix}rl:b`);
});

test('a second process sees the first one\'s lease as spent: it is refused once the window is reserved', { skip }, async () => {
  const prefix = `folio-test:${randomUUID()}:`;
  const [a, b] = connections.map((c) => createRedisRateLimitStore(c, prefix));
  const now = Date.now();
  // a's first hit reserves an eighth of 80 (10 hits); b then counts after them.
  assert.equal((await a!.hit('key:k4', 60_000, now, 80)).count, 1);
  assert.equal((await b!.hit('key:k4', 60_000, now, 80)).count, 11);
  assert.equal((await a!.hit('key:k4', 60_000, now, 80)).count, 2);
  await connections[0]!.del(`${prefix}rl:key:k4`);
});

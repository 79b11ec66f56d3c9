import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, test } from 'node:test';
import { openRedis } from '../db/redis.js';
import { createRedisRateLimitStore } from './redis-rate-limit.js';

// The real Redis of the PostgreSQL run (FOLIO_TEST_REDIS_URL); each test under a prefix of its own.
const url = process.env.FOLIO_TEST_REDIS_URL?.trim();
const connections = url ? [openRedis(url), openRedis(url)] : [];
after(() => connections.forEach((c) => c.disconnect()));

test('150 concurrent hits on one key from two connections count 1..150 exactly once each: 100 admitted', { skip: !url && 'FOLIO_TEST_REDIS_URL is not set' }, async () => {
  const prefix = `folio-test:${randomUUID()}:`;
  const stores = connections.map((c) => createRedisRateLimitStore(c, prefix));
  const now = Date.now();
  const counts = await Promise.all(Array.from({ length: 150 }, (_, i) => stores[i % 2]!.hit('key:k1', 60_000, now)));
  assert.deepEqual(counts.map((c) => c.count).sort((a, b) => a - b), Array.from({ length: 150 }, (_, i) => i + 1));
  assert.equal(counts.filter((c) => c.count <= 100).length, 100);
  assert.ok(counts.every((c) => c.resetAtMs === now + 60_000));
  await connections[0]!.del(`${prefix}rl:key:k1`);
});

test('a window ends by the caller\'s clock: the next hit starts a new one; keys are separate', { skip: !url && 'FOLIO_TEST_REDIS_URL is not set' }, async () => {
  const prefix = `folio-test:${randomUUID()}:`;
  const store = createRedisRateLimitStore(connections[0]!, prefix);
  const t0 = 1_000_000;
  assert.deepEqual(await store.hit('a', 1000, t0), { count: 1, resetAtMs: t0 + 1000 });
  assert.deepEqual(await store.hit('a', 1000, t0 + 999), { count: 2, resetAtMs: t0 + 1000 });
  assert.deepEqual(await store.hit('b', 1000, t0 + 999), { count: 1, resetAtMs: t0 + 1999 });
  assert.deepEqual(await store.hit('a', 1000, t0 + 1000), { count: 1, resetAtMs: t0 + 2000 });
  assert.ok((await connections[0]!.pttl(`${prefix}rl:a`)) > 0, 'the key expires by itself');
  await connections[0]!.del(`${prefix}rl:a`, `${prefix}rl:b`);
});

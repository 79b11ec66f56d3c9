import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startTestServer, type TestServer } from '../../test/support/test-server.js';
import { createDatabaseRateLimitStore } from './database-rate-limit.js';

// On the suite's database: SQLite here, PostgreSQL in the PostgreSQL run, where the two stores
// below stand for two server processes sharing one database without Redis.
let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

test('concurrent hits from two processes are each counted once, in one window: exactly the limit admitted', async () => {
  const a = createDatabaseRateLimitStore(server.opened.store.db);
  const b = createDatabaseRateLimitStore(server.opened.store.db);
  const now = 1_700_000_000_000;
  const results = await Promise.all(Array.from({ length: 150 }, (_, i) => (i % 2 === 0 ? a : b).hit('key:one', 60_000, now + i, 100)));
  // Leases never overlap, so every hit has a count of its own; unspent hits of a lease count too.
  assert.equal(new Set(results.map((r) => r.count)).size, 150, 'no count given twice');
  assert.ok(results.every((r) => r.resetAtMs === now + 60_000), 'one window for all');
  assert.equal(results.filter((r) => r.count <= 100).length, 100);
  const row = await server.opened.store.db.selectFrom('rate_limit_windows').select(['hits']).where('window_key', '=', 'key:one').executeTakeFirstOrThrow();
  assert.equal(Number(row.hits), 150, 'leases shrink to single hits at the limit: none is left unspent');
});

test('a burst that ends before its lease would leaves nothing unspent: the other process gets the rest of the limit', async () => {
  const a = createDatabaseRateLimitStore(server.opened.store.db);
  const b = createDatabaseRateLimitStore(server.opened.store.db);
  const now = 1_700_000_000_000;
  // a's first lease (12, for a lone hit) runs out with 8 of its 20 hits queued: its second lease asks for those 8.
  const first = await Promise.all(Array.from({ length: 20 }, () => a.hit('key:five', 60_000, now, 100)));
  assert.ok(first.every((r) => r.count <= 100));
  const second = await Promise.all(Array.from({ length: 200 }, () => b.hit('key:five', 60_000, now, 100)));
  assert.equal(second.filter((r) => r.count <= 100).length, 80);
  const row = await server.opened.store.db.selectFrom('rate_limit_windows').select(['hits']).where('window_key', '=', 'key:five').executeTakeFirstOrThrow();
  assert.equal(Number(row.hits), 220);
});

test('one process counts 1, 2, 3 ... in leases: a lease is an eighth of what is left, at most 256', async () => {
  const store = createDatabaseRateLimitStore(server.opened.store.db);
  const now = 1_700_000_000_000;
  const counts: number[] = [];
  for (let i = 0; i < 30; i++) counts.push((await store.hit('key:four', 60_000, now, 100)).count);
  assert.deepEqual(counts, Array.from({ length: 30 }, (_, i) => i + 1));
  const row = await server.opened.store.db.selectFrom('rate_limit_windows').select(['hits', 'last_grant']).where('window_key', '=', 'key:four').executeTakeFirstOrThrow();
  // Leases of 12 (100/8), 11 (88/8), then 9 (77/8): 32 hits reserved for the 30 spent.
  assert.deepEqual([Number(row.hits), Number(row.last_grant)], [32, 9]);
});

test('a window that has ended starts again at 1, and keys are counted apart', async () => {
  const store = createDatabaseRateLimitStore(server.opened.store.db);
  const now = 1_700_000_000_000;
  assert.deepEqual(await store.hit('key:two', 1000, now, 100), { count: 1, resetAtMs: now + 1000 });
  assert.deepEqual(await store.hit('key:two', 1000, now + 999, 100), { count: 2, resetAtMs: now + 1000 });
  assert.deepEqual(await store.hit('key:three', 1000, now + 999, 100), { count: 1, resetAtMs: now + 1999 });
  assert.deepEqual(await store.hit('key:two', 1000, now + 1000, 100), { count: 1, resetAtMs: now + 2000 });
});

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

test('concurrent hits from two processes are each counted once, in one window', async () => {
  const a = createDatabaseRateLimitStore(server.opened.store.db);
  const b = createDatabaseRateLimitStore(server.opened.store.db);
  const now = 1_700_000_000_000;
  const results = await Promise.all(Array.from({ length: 150 }, (_, i) => (i % 2 === 0 ? a : b).hit('key:one', 60_000, now + i, 100)));
  assert.deepEqual(results.map((r) => r.count).sort((x, y) => x - y), Array.from({ length: 150 }, (_, i) => i + 1), 'every count from 1 to 150 exactly once');
  assert.ok(results.every((r) => r.resetAtMs === results.find((x) => x.count === 1)!.resetAtMs), 'one window for all');
  // With a limit of 100, exactly 100 are admitted.
  assert.equal(results.filter((r) => r.count <= 100).length, 100);
});

test('a window that has ended starts again at 1, and keys are counted apart', async () => {
  const store = createDatabaseRateLimitStore(server.opened.store.db);
  const now = 1_700_000_000_000;
  assert.deepEqual(await store.hit('key:two', 1000, now, 100), { count: 1, resetAtMs: now + 1000 });
  assert.deepEqual(await store.hit('key:two', 1000, now + 999, 100), { count: 2, resetAtMs: now + 1000 });
  assert.deepEqual(await store.hit('key:three', 1000, now + 999, 100), { count: 1, resetAtMs: now + 1999 });
  assert.deepEqual(await store.hit('key:two', 1000, now + 1000, 100), { count: 1, resetAtMs: now + 2000 });
});

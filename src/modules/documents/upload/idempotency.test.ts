import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { buildApiKey, buildTenant, type Tenant } from '../../../../test/support/factories.js';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.js';
import { createIdempotency } from './idempotency.js';

// On the suite's database: SQLite, or PostgreSQL in the PostgreSQL run, where several processes
// share the keys. Each "process" below is its own idempotency store over that database.
let server: TestServer;
let tenant: Tenant;
let keyId: string;
before(async () => {
  server = await startTestServer();
  tenant = await buildTenant(server.deps);
  keyId = (await buildApiKey(server.deps, tenant)).id;
});
after(() => server.close());

const MAX_REQUEST_MS = 5 * 60_000;
const at = (ms: number) => new Date(Date.UTC(2026, 10, 24, 9) + ms);

test("a key left in progress by a process that died is taken over once it outlives any request, by any process", async () => {
  const first = createIdempotency({ db: server.opened.store.db, maxRequestMs: MAX_REQUEST_MS });
  const second = createIdempotency({ db: server.opened.store.db, maxRequestMs: MAX_REQUEST_MS });
  const ws = tenant.workspace.id;
  assert.deepEqual(await first.begin(keyId, 'upload-7', ws, null, at(0)), { kind: 'fresh' });
  // The first process dies here, unanswered. While its request could still be running: 409.
  await assert.rejects(second.begin(keyId, 'upload-7', ws, null, at(MAX_REQUEST_MS - 1000)), (e: { status?: number }) => e.status === 409);
  // Past the longest a request may live, the other process takes the key and runs the upload.
  assert.deepEqual(await second.begin(keyId, 'upload-7', ws, null, at(MAX_REQUEST_MS + 1000)), { kind: 'fresh' });
  await second.complete(keyId, 'upload-7', 'abc', { status: 200, body: { file_id: 9 } });
  const replay = await first.begin(keyId, 'upload-7', ws, null, at(MAX_REQUEST_MS + 2000));
  assert.deepEqual(replay, { kind: 'replay', contentSha256: 'abc', response: { status: 200, body: { file_id: 9 } } });
});

test('a completed key is never taken over, however old, until it expires after 24 h', async () => {
  const idem = createIdempotency({ db: server.opened.store.db, maxRequestMs: MAX_REQUEST_MS });
  const ws = tenant.workspace.id;
  await idem.begin(keyId, 'upload-8', ws, null, at(0));
  await idem.complete(keyId, 'upload-8', 'def', { status: 200, body: { file_id: 10 } });
  assert.equal((await idem.begin(keyId, 'upload-8', ws, null, at(MAX_REQUEST_MS * 10))).kind, 'replay');
  assert.equal((await idem.begin(keyId, 'upload-8', ws, null, at(24 * 3600_000 + 1))).kind, 'fresh');
});

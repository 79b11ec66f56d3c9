import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { revokeApiKey } from '../../src/modules/api-keys/api-keys.usecases.js';
import { buildApiKey, buildTenant, type Tenant } from '../support/factories.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

// Two servers on one PostgreSQL schema and one Redis prefix: each has its own auth cache and its
// own rate-limit client, as two processes behind a load balancer would.
const shared = Boolean(process.env.FOLIO_TEST_DATABASE_URL && process.env.FOLIO_TEST_REDIS_URL);
const skip = !shared && 'needs FOLIO_TEST_DATABASE_URL and FOLIO_TEST_REDIS_URL';
let a: TestServer;
let b: TestServer;
let tenant: Tenant;

before(async () => {
  if (!shared) return;
  const dataDir = mkdtempSync(join(tmpdir(), 'folio-shared-'));
  const redisPrefix = `folio-test:${randomUUID()}:`;
  a = await startTestServer({ dataDir, keepData: true, config: { redisPrefix } });
  b = await startTestServer({ dataDir, config: { redisPrefix } });
  tenant = await buildTenant(a.deps);
});
after(async () => {
  if (!shared) return;
  await a.close();
  await b.close();
});

// The one-second bound itself is the change token's (shared-change-token.test.ts, on a fake clock);
// here the other server must come to refuse the key, the wait being only a hang ceiling.
test('a key revoked through one server is refused by the other', { skip }, async () => {
  const created = await buildApiKey(a.deps, tenant);
  // Both servers have the key's lookup cached.
  assert.equal((await a.request('/v1/org', { key: created.key })).status, 200);
  assert.equal((await b.request('/v1/org', { key: created.key })).status, 200);
  await revokeApiKey(a.deps, tenant.org.id, created.id);
  const revokedAt = Date.now();
  let status = 200;
  while (status === 200 && Date.now() - revokedAt < 30_000) {
    status = (await b.request('/v1/org', { key: created.key })).status;
    if (status === 200) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  assert.equal(status, 403);
});

test('one key\'s rate-limit window is shared: 150 requests across both servers admit exactly its limit', { skip }, async () => {
  const created = await buildApiKey(a.deps, tenant, { rateLimit: 100 });
  const responses = await Promise.all(Array.from({ length: 150 }, (_, i) => (i % 2 === 0 ? a : b).request('/v1/org', { key: created.key })));
  const statuses = responses.map((r) => r.status);
  assert.equal(statuses.filter((s) => s === 200).length, 100);
  assert.equal(statuses.filter((s) => s === 429).length, 50);
});

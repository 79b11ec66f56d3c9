import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { buildApiKey, buildTenant, type Tenant } from '../support/factories.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

// Two servers on one PostgreSQL schema and no Redis, as a deployment that runs without it: the
// rate-limit windows are shared through PostgreSQL.
const skip = !process.env.FOLIO_TEST_DATABASE_URL && 'needs FOLIO_TEST_DATABASE_URL';
let a: TestServer;
let b: TestServer;
let tenant: Tenant;

before(async () => {
  if (skip) return;
  const dataDir = mkdtempSync(join(tmpdir(), 'folio-shared-db-'));
  a = await startTestServer({ dataDir, keepData: true, config: { redisUrl: null } });
  b = await startTestServer({ dataDir, config: { redisUrl: null } });
  tenant = await buildTenant(a.deps);
});
after(async () => {
  if (skip) return;
  await a.close();
  await b.close();
});

test("without Redis, one key's window is shared through PostgreSQL: 150 requests across both servers admit exactly its limit", { skip }, async () => {
  const created = await buildApiKey(a.deps, tenant, { rateLimit: 100 });
  const responses = await Promise.all(Array.from({ length: 150 }, (_, i) => (i % 2 === 0 ? a : b).request('/v1/org', { key: created.key })));
  const statuses = responses.map((r) => r.status);
  assert.equal(statuses.filter((s) => s === 200).length, 100);
  assert.equal(statuses.filter((s) => s === 429).length, 50);
});

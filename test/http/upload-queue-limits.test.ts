import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { updateWorkspace } from '../../src/modules/workspaces/workspaces.usecases.js';
import { buildApiKey, buildTenant, buildWorkspace, type Tenant } from '../support/factories.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { upload } from '../support/uploads.js';

// Small bounds so that a frozen workspace fills them with a few uploads.
let server: TestServer;
before(async () => {
  server = await startTestServer({ config: { ingestWorkspaceQueueLimit: 2, ingestOrgQueueLimit: 3, ingestQueueLimit: 6, uploadReadyWaitMs: 0 } });
});
after(() => server.close());

const text = (n: string) => `SUPPLY AGREEMENT ${n}\n\nThe Supplier shall deliver the Goods within thirty (30) days of each Purchase Order.\n`;

async function frozenWorkspace(tenant: Tenant) {
  const ws = await buildWorkspace(server.deps, tenant);
  await updateWorkspace(server.deps, tenant.org.id, ws.id, { indexFrozen: true });
  return ws;
}

test("one org's frozen workspace with a full queue sheds its own uploads, not another org's", async () => {
  const acme = await buildTenant(server.deps);
  const acmeKey = (await buildApiKey(server.deps, acme)).key;
  const globex = await buildTenant(server.deps);
  const globexKey = (await buildApiKey(server.deps, globex)).key;

  const frozen = await frozenWorkspace(acme);
  for (const n of ['a', 'b']) assert.equal((await upload(server, frozen.id, acmeKey, text(n))).status, 200);
  const shed = await upload(server, frozen.id, acmeKey, text('c'));
  assert.equal(shed.status, 503);
  assert.ok(Number(shed.headers.get('retry-after')) >= 1);
  assert.deepEqual(await shed.json(), { detail: 'Temporarily unavailable' });

  // The org has room for one more in another workspace; then the org's bound holds.
  const second = await frozenWorkspace(acme);
  assert.equal((await upload(server, second.id, acmeKey, text('d'))).status, 200);
  assert.equal((await upload(server, second.id, acmeKey, text('e'))).status, 503);
  assert.equal((await upload(server, acme.workspace.id, acmeKey, text('f'))).status, 503, 'every workspace of the full org is shed');

  // Another org is unaffected by the first org's full queue.
  const other = await upload(server, globex.workspace.id, globexKey, text('g'));
  assert.equal(other.status, 200);
});

test('the server-wide ceiling still bounds the sum of every org', async () => {
  // 3 jobs are pending from the test above if it ran first; fill up to the ceiling of 6 with other orgs.
  let accepted = 0;
  let refused = 0;
  for (let i = 0; i < 4; i++) {
    const tenant = await buildTenant(server.deps);
    const key = (await buildApiKey(server.deps, tenant)).key;
    const ws = await frozenWorkspace(tenant);
    for (const n of ['x', 'y']) {
      const response = await upload(server, ws.id, key, text(`${i}${n}`));
      if (response.status === 200) accepted++;
      else if (response.status === 503) refused++;
    }
  }
  const pending = await server.documents.queue.pending();
  assert.equal(pending, 6, 'the queue stops at the ceiling');
  assert.ok(refused > 0, 'uploads past the ceiling are shed');
  assert.equal(accepted + refused, 8);
});

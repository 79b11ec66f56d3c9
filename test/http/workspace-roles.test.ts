import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { addMember } from '../../src/modules/workspaces/workspaces.usecases.js';
import { folioJson } from '../support/cli-process.js';
import { buildApiKey, buildTenant, buildUser, buildWorkspace, type Tenant } from '../support/factories.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { upload, waitForStatus } from '../support/uploads.js';
import { testDatabaseBase } from '../support/test-database.js';

let server: TestServer;
let tenant: Tenant;
let key: string;

before(async () => {
  // One key serves every test here, and polling an ingestion that a busy machine makes slow spent
  // its 100 requests a minute: what followed answered 429, not the role's answer. Rate limits have
  // tests of their own.
  server = await startTestServer({ config: { rateLimitDefault: 100_000 } });
  tenant = await buildTenant(server.deps);
  key = (await buildApiKey(server.deps, tenant)).key;
});
after(() => server.close());

/**
 * The response to a request made after another process wrote. SQLite sees that write on the next
 * request (`data_version`), so one attempt. On PostgreSQL the other process's Redis message races
 * the request through this process's event loop, and the contract is "within one second": the
 * request is repeated until it answers `expected` or a second has passed.
 */
async function afterOtherProcessWrite(request: () => Promise<Response>, expected: number): Promise<Response> {
  const deadline = Date.now() + (testDatabaseBase() ? 1000 : 0);
  for (;;) {
    const response = await request();
    if (response.status === expected || Date.now() >= deadline) return response;
    await response.arrayBuffer();
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function expectInsufficientRole(response: Response) {
  assert.equal(response.status, 403);
  assert.deepEqual(await response.json(), { detail: 'Insufficient workspace role' });
}

const ask = (workspaceId: number, k = key) =>
  server.request(`/v1/workspaces/${workspaceId}/query`, { method: 'POST', key: k, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ question: 'What is the rent?' }) });

describe('a key never grants more than its creator\'s current workspace role', () => {
  test('demoted to viewer: upload and query answer 403 at once, reads still work; promoted back: they work again', async () => {
    const ws = await buildWorkspace(server.deps, tenant);
    const first = await upload(server, ws.id, key, 'The Tenant shall pay rent of $2,000 each month.', { fileName: 'lease.txt' });
    assert.equal(first.status, 200);
    const { file_id: fileId } = (await first.json()) as { file_id: number };
    await waitForStatus(server, ws.id, fileId, key, 60_000);

    await addMember(server.deps, tenant.org.id, ws.id, tenant.admin.id, 'viewer');
    await expectInsufficientRole(await upload(server, ws.id, key, 'A second lease.', { fileName: 'second.txt' }));
    await expectInsufficientRole(await ask(ws.id));
    for (const path of [`/v1/workspaces/${ws.id}`, `/v1/workspaces/${ws.id}/documents`, `/v1/workspaces/${ws.id}/documents/${fileId}`, `/v1/workspaces/${ws.id}/projects`]) {
      assert.equal((await server.request(path, { key })).status, 200, path);
    }

    await addMember(server.deps, tenant.org.id, ws.id, tenant.admin.id, 'editor');
    assert.equal((await upload(server, ws.id, key, 'A third lease.', { fileName: 'third.txt' })).status, 200);
    assert.equal((await ask(ws.id)).status, 200);
  });

  test('a demotion made by the CLI in another process is seen on the next request (on PostgreSQL + Redis, within a second)', { timeout: 300_000 }, async () => {
    const ws = await buildWorkspace(server.deps, tenant);
    assert.equal((await upload(server, ws.id, key, 'Before the demotion.', { fileName: 'a.txt' })).status, 200);
    folioJson(server.dataDir, 'member', 'add', '--workspace', String(ws.id), '--user', tenant.admin.id, '--role', 'viewer');
    await expectInsufficientRole(await afterOtherProcessWrite(() => upload(server, ws.id, key, 'After the demotion.', { fileName: 'b.txt' }), 403));
    assert.equal((await server.request(`/v1/workspaces/${ws.id}/documents`, { key })).status, 200);
    folioJson(server.dataDir, 'member', 'add', '--workspace', String(ws.id), '--user', tenant.admin.id, '--role', 'owner');
    assert.equal((await afterOtherProcessWrite(() => upload(server, ws.id, key, 'After the promotion.', { fileName: 'c.txt' }), 200)).status, 200);
  });

  test('a non-member reaches a public workspace as a viewer: reads, never writes', async () => {
    const owner = await buildUser(server.deps, tenant.org.id);
    const ws = await buildWorkspace(server.deps, tenant, { ownerId: owner.id, isPublic: true });
    assert.equal((await server.request(`/v1/workspaces/${ws.id}/documents`, { key })).status, 200);
    await expectInsufficientRole(await upload(server, ws.id, key, 'Not mine to add.', { fileName: 'x.txt' }));
  });

  test('a workspace it cannot reach at all stays "Workspace not accessible", whatever the action', async () => {
    const other = await buildTenant(server.deps);
    const response = await upload(server, other.workspace.id, key, 'x');
    assert.equal(response.status, 403);
    assert.deepEqual(await response.json(), { detail: 'Workspace not accessible' });
  });
});

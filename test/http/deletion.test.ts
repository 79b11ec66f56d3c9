import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createDirectory } from '../../src/modules/documents/documents.usecases.js';
import { updateWorkspace } from '../../src/modules/workspaces/workspaces.usecases.js';
import { buildApiKey, buildTenant, buildWorkspace, type Tenant } from '../support/factories.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { upload, waitForStatus } from '../support/uploads.js';

let server: TestServer;
let tenant: Tenant;
let key: string;
let other: Tenant;
let otherKey: string;

const clause = (n: number) =>
  `Section ${n}. Governing Law. This Agreement shall be governed by the laws of the State of Delaware, without regard to its conflict of laws rules (${n}).\n`;

before(async () => {
  server = await startTestServer();
  tenant = await buildTenant(server.deps);
  key = (await buildApiKey(server.deps, tenant)).key;
  other = await buildTenant(server.deps);
  otherKey = (await buildApiKey(server.deps, other)).key;
});
after(() => server.close());

async function uploadReady(workspaceId: number, k: string, content: string, query = '') {
  const body = (await (await upload(server, workspaceId, k, content, { fileName: 'contract.txt', query })).json()) as { file_id: number };
  assert.equal((await waitForStatus(server, workspaceId, body.file_id, k)).status, 'ready');
  const file = await server.deps.store.documents.getFile(workspaceId, body.file_id);
  assert.ok(file);
  return file;
}

/** Rows that still point at a file, straight from the database. */
async function leftovers(fileId: number) {
  const count = async (table: 'passages' | 'file_pages' | 'file_signals' | 'ingestion_jobs') =>
    Number((await server.opened.store.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('file_id', '=', fileId).executeTakeFirstOrThrow()).n);
  return { passages: await count('passages'), file_pages: await count('file_pages'), file_signals: await count('file_signals'), ingestion_jobs: await count('ingestion_jobs') };
}

const del = (path: string, k = key) => server.request(path, { method: 'DELETE', key: k });

describe('DELETE /v1/workspaces/{id}/documents/{file_id}', () => {
  test('removes the file from the tree, the index, its page texts, its jobs and its blob', async () => {
    const ws = await buildWorkspace(server.deps, tenant);
    const file = await uploadReady(ws.id, key, clause(1));
    const before = await leftovers(file.id);
    assert.ok(before.passages > 0);
    assert.equal(before.file_signals, 1);
    assert.equal(await server.documents.blobs.has(file.sha256), true);

    const response = await del(`/v1/workspaces/${ws.id}/documents/${file.id}`);
    assert.equal(response.status, 204);
    assert.equal(await response.text(), '');
    assert.equal((await server.request(`/v1/workspaces/${ws.id}/documents/${file.id}`, { key })).status, 404);
    const tree = (await (await server.request(`/v1/workspaces/${ws.id}/documents`, { key })).json()) as { nodes: unknown[] };
    assert.deepEqual(tree.nodes, []);
    assert.deepEqual(await leftovers(file.id), { passages: 0, file_pages: 0, file_signals: 0, ingestion_jobs: 0 });
    assert.equal(await server.documents.blobs.has(file.sha256), false);
    const query = await server.request(`/v1/workspaces/${ws.id}/query`, {
      method: 'POST',
      key,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ question: 'Which law governs the agreement?' }),
    });
    assert.doesNotMatch(await query.text(), new RegExp(`file_id = ${file.id}>>`));

    // Deleted: a second delete finds nothing; the same bytes can be uploaded again.
    assert.deepEqual(await (await del(`/v1/workspaces/${ws.id}/documents/${file.id}`)).json(), { detail: 'File not found' });
    const again = await uploadReady(ws.id, key, clause(1));
    assert.notEqual(again.id, file.id);
    assert.equal(await server.documents.blobs.has(file.sha256), true);
  });

  test('the blob stays while another workspace holds the same bytes', async () => {
    const a = await buildWorkspace(server.deps, tenant);
    const b = await buildWorkspace(server.deps, tenant);
    const inA = await uploadReady(a.id, key, clause(2));
    const inB = await uploadReady(b.id, key, clause(2));
    assert.equal(inA.sha256, inB.sha256);
    assert.equal((await del(`/v1/workspaces/${a.id}/documents/${inA.id}`)).status, 204);
    assert.equal(await server.documents.blobs.has(inA.sha256), true);
    assert.equal((await waitForStatus(server, b.id, inB.id, key)).status, 'ready');
    assert.equal((await del(`/v1/workspaces/${b.id}/documents/${inB.id}`)).status, 204);
    assert.equal(await server.documents.blobs.has(inA.sha256), false);
  });

  test('a file still waiting for ingestion is deleted with its pending job', async () => {
    const ws = await buildWorkspace(server.deps, tenant);
    await updateWorkspace(server.deps, tenant.org.id, ws.id, { indexFrozen: true });
    const body = (await (await upload(server, ws.id, key, clause(3))).json()) as { file_id: number; status: string };
    assert.equal(body.status, 'processing');
    assert.equal((await leftovers(body.file_id)).ingestion_jobs, 1);
    assert.equal((await del(`/v1/workspaces/${ws.id}/documents/${body.file_id}`)).status, 204);
    assert.deepEqual(await leftovers(body.file_id), { passages: 0, file_pages: 0, file_signals: 0, ingestion_jobs: 0 });
  });

  test("unknown ids and another tenant's ids answer 404 and delete nothing", async () => {
    const ws = await buildWorkspace(server.deps, tenant);
    const foreign = await uploadReady(other.workspace.id, otherKey, clause(4));
    const unknown = await del(`/v1/workspaces/${ws.id}/documents/999999`);
    assert.equal(unknown.status, 404);
    assert.deepEqual(await unknown.json(), { detail: 'File not found' });
    const crossTenant = await del(`/v1/workspaces/${ws.id}/documents/${foreign.id}`);
    assert.equal(crossTenant.status, 404);
    assert.deepEqual(await crossTenant.json(), { detail: 'File not found' });
    // The other tenant's workspace itself is refused as every unreachable workspace is.
    assert.equal((await del(`/v1/workspaces/${other.workspace.id}/documents/${foreign.id}`)).status, 403);
    assert.equal((await server.request(`/v1/workspaces/${other.workspace.id}/documents/${foreign.id}`, { key: otherKey })).status, 200);
  });

  test('a key without documents:write is refused', async () => {
    const ws = await buildWorkspace(server.deps, tenant);
    const file = await uploadReady(ws.id, key, clause(5));
    const reader = (await buildApiKey(server.deps, tenant, { scopes: ['documents:read'] })).key;
    const response = await del(`/v1/workspaces/${ws.id}/documents/${file.id}`, reader);
    assert.equal(response.status, 403);
    assert.deepEqual(await response.json(), { detail: 'Missing required scope: documents:write' });
    assert.equal((await server.request(`/v1/workspaces/${ws.id}/documents/${file.id}`, { key })).status, 200);
    assert.equal((await server.request(`/v1/workspaces/${ws.id}/documents/${file.id}`, { method: 'DELETE' })).status, 401);
  });
});

describe('DELETE /v1/workspaces/{id}/directories/{directory_id}', () => {
  test('an empty directory goes; one with contents is refused with 409 unless recursive=true', async () => {
    const ws = await buildWorkspace(server.deps, tenant);
    const empty = await createDirectory(server.deps, tenant.org.id, { workspaceId: ws.id, name: 'empty' });
    assert.equal((await del(`/v1/workspaces/${ws.id}/directories/${empty.id}`)).status, 204);

    const deal = await createDirectory(server.deps, tenant.org.id, { workspaceId: ws.id, name: 'deal' });
    const sub = await createDirectory(server.deps, tenant.org.id, { workspaceId: ws.id, name: 'schedules', parentDirectoryId: deal.id });
    const inDeal = await uploadReady(ws.id, key, clause(6), `?parent_directory_id=${deal.id}`);
    const inSub = await uploadReady(ws.id, key, clause(7), `?parent_directory_id=${sub.id}`);
    const outside = await uploadReady(ws.id, key, clause(8));

    const refused = await del(`/v1/workspaces/${ws.id}/directories/${deal.id}`);
    assert.equal(refused.status, 409);
    assert.deepEqual(await refused.json(), { detail: 'Directory is not empty' });
    assert.equal((await del(`/v1/workspaces/${ws.id}/directories/${deal.id}?recursive=false`)).status, 409);

    assert.equal((await del(`/v1/workspaces/${ws.id}/directories/${deal.id}?recursive=true`)).status, 204);
    const tree = (await (await server.request(`/v1/workspaces/${ws.id}/documents`, { key })).json()) as { nodes: Array<{ id: number; type: string }> };
    assert.deepEqual(tree.nodes.map((n) => [n.type, n.id]), [['file', outside.id]]);
    for (const f of [inDeal, inSub]) {
      assert.deepEqual(await leftovers(f.id), { passages: 0, file_pages: 0, file_signals: 0, ingestion_jobs: 0 });
      assert.equal(await server.documents.blobs.has(f.sha256), false);
    }
    assert.equal(await server.documents.blobs.has(outside.sha256), true);
  });

  test("unknown and another tenant's directories answer 404; a reader key is refused", async () => {
    const ws = await buildWorkspace(server.deps, tenant);
    const foreign = await createDirectory(server.deps, other.org.id, { workspaceId: other.workspace.id, name: 'theirs' });
    for (const id of [999999, foreign.id]) {
      const response = await del(`/v1/workspaces/${ws.id}/directories/${id}?recursive=true`);
      assert.equal(response.status, 404);
      assert.deepEqual(await response.json(), { detail: 'Directory not found' });
    }
    assert.ok(await server.deps.store.documents.getDirectory(other.workspace.id, foreign.id));
    const mine = await createDirectory(server.deps, tenant.org.id, { workspaceId: ws.id, name: 'mine' });
    const reader = (await buildApiKey(server.deps, tenant, { scopes: ['documents:read'] })).key;
    assert.equal((await del(`/v1/workspaces/${ws.id}/directories/${mine.id}`, reader)).status, 403);
    assert.ok(await server.deps.store.documents.getDirectory(ws.id, mine.id));
  });

  test('both operations are in the OpenAPI document with their error statuses', async () => {
    const doc = (await (await server.request('/openapi.json')).json()) as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    const file = doc.paths['/v1/workspaces/{workspace_id}/documents/{file_id}']?.delete;
    const dir = doc.paths['/v1/workspaces/{workspace_id}/directories/{directory_id}']?.delete;
    assert.ok(file && dir);
    assert.ok(['204', '401', '403', '404'].every((s) => s in file.responses));
    assert.ok(['204', '404', '409'].every((s) => s in dir.responses));
  });
});

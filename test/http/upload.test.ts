import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createDirectory } from '../../src/modules/documents/documents.usecases.js';
import { updateWorkspace } from '../../src/modules/workspaces/workspaces.usecases.js';
import { buildApiKey, buildTenant, buildWorkspace, type Tenant } from '../support/factories.js';
import { missingDataReason, sharedDataPath } from '../support/shared-data.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { stalledUpload, upload, waitForStatus } from '../support/uploads.js';

let server: TestServer;
let tenant: Tenant;
let key: string;

const lease = `RESIDENTIAL LEASE AGREEMENT

This Lease is made between Acme Properties LLC ("Landlord") and Jane Roe ("Tenant").

1. Term. The term of this Lease begins on March 1, 2024 and ends on February 28, 2025.

2. Rent. Tenant shall pay rent of $2,100 per month, due on the first day of each month.
`;

before(async () => {
  // A small file is ready in the upload's own response: the wait for that state is given a ceiling
  // a busy machine cannot reach, rather than the 3 s default.
  server = await startTestServer({ config: { maxUploadBytes: 64 * 1024, uploadReadyWaitMs: 120_000 } });
  tenant = await buildTenant(server.deps);
  key = (await buildApiKey(server.deps, tenant)).key;
});
after(() => server.close());

describe('POST /v1/workspaces/{id}/documents', () => {
  test('a small text file is ready in the upload response, listed in the tree and described by its endpoint', async () => {
    const ws = await buildWorkspace(server.deps, tenant);
    const response = await upload(server, ws.id, key, lease, { fileName: 'Lease – Acme.txt' });
    assert.equal(response.status, 200);
    const body = (await response.json()) as { file_id: number; file_name: string; status: string };
    assert.deepEqual(Object.keys(body).sort(), ['file_id', 'file_name', 'status']);
    assert.equal(body.file_name, 'Lease – Acme.txt');
    assert.equal(body.status, 'ready');

    const tree = (await (await server.request(`/v1/workspaces/${ws.id}/documents`, { key })).json()) as { nodes: unknown[] };
    assert.deepEqual(tree.nodes, [{ id: body.file_id, name: 'Lease – Acme.txt', type: 'file', parent_directory_id: null, file_id: body.file_id }]);

    const file = (await (await server.request(`/v1/workspaces/${ws.id}/documents/${body.file_id}`, { key })).json()) as Record<string, unknown>;
    assert.equal(file.status, 'ready');
    assert.equal(file.error, null);
    assert.equal(file.content_type, 'text/plain');
    assert.equal(file.size_bytes, Buffer.byteLength(lease));
    assert.match(String(file.sha256), /^[0-9a-f]{64}$/);
    assert.equal(file.page_count, 1);
  });

  test('the same bytes again answer with the existing file and store nothing new', async () => {
    const ws = await buildWorkspace(server.deps, tenant);
    const first = (await (await upload(server, ws.id, key, lease, { fileName: 'a.txt' })).json()) as { file_id: number };
    const second = await upload(server, ws.id, key, lease, { fileName: 'b.txt' });
    assert.equal(second.status, 200);
    assert.deepEqual(await second.json(), { file_id: first.file_id, file_name: 'a.txt', status: 'ready' });
    assert.equal((await server.deps.store.documents.listFiles(ws.id)).length, 1);
    // Deduplication is per workspace: another workspace gets its own file.
    const other = await buildWorkspace(server.deps, tenant);
    const third = (await (await upload(server, other.id, key, lease)).json()) as { file_id: number };
    assert.notEqual(third.file_id, first.file_id);
  });

  test('twenty concurrent uploads of the same bytes create exactly one file', async () => {
    const ws = await buildWorkspace(server.deps, tenant);
    const content = `${lease}\nConcurrency marker ${Date.now()}`;
    const responses = await Promise.all(Array.from({ length: 20 }, () => upload(server, ws.id, key, content)));
    const bodies = (await Promise.all(responses.map((r) => r.json()))) as Array<{ file_id: number }>;
    assert.ok(responses.every((r) => r.status === 200));
    assert.equal(new Set(bodies.map((b) => b.file_id)).size, 1);
    assert.equal((await server.deps.store.documents.listFiles(ws.id)).length, 1);
  });

  test('into a directory of the workspace; a directory of another workspace is 422', async () => {
    const ws = await buildWorkspace(server.deps, tenant);
    const dir = await createDirectory(server.deps, tenant.org.id, { workspaceId: ws.id, name: 'Leases' });
    const ok = (await (await upload(server, ws.id, key, `${lease} in dir`, { query: `?parent_directory_id=${dir.id}` })).json()) as { file_id: number };
    const tree = (await (await server.request(`/v1/workspaces/${ws.id}/documents`, { key })).json()) as { nodes: Array<{ id: number; parent_directory_id: number | null; type: string }> };
    assert.equal(tree.nodes.find((n) => n.type === 'file' && n.id === ok.file_id)?.parent_directory_id, dir.id);

    const other = await buildWorkspace(server.deps, tenant);
    const foreignDir = await createDirectory(server.deps, tenant.org.id, { workspaceId: other.id, name: 'Other' });
    const response = await upload(server, ws.id, key, `${lease} foreign`, { query: `?parent_directory_id=${foreignDir.id}` });
    assert.equal(response.status, 422);
    const body = (await response.json()) as { detail: Array<{ loc: unknown[]; type: string }> };
    assert.deepEqual(body.detail[0]?.loc, ['query', 'parent_directory_id']);
    const notInt = await upload(server, ws.id, key, lease, { query: '?parent_directory_id=abc' });
    assert.equal(notInt.status, 422);
    assert.equal(((await notInt.json()) as { detail: Array<{ type: string }> }).detail[0]?.type, 'int_parsing');
  });

  test('a body without a `file` part is 422 missing at body.file', async () => {
    const response = await upload(server, tenant.workspace.id, key, lease, { partName: 'attachment' });
    assert.equal(response.status, 422);
    assert.deepEqual(await response.json(), { detail: [{ type: 'missing', loc: ['body', 'file'], msg: 'Field required', input: null }] });
    const json = await server.request(`/v1/workspaces/${tenant.workspace.id}/documents`, {
      method: 'POST',
      key,
      headers: { 'content-type': 'application/json' },
      body: '{"file":"x"}',
    });
    assert.equal(json.status, 422);
  });

  test('a file over the limit is 413 and leaves nothing behind', async () => {
    const ws = await buildWorkspace(server.deps, tenant);
    const response = await upload(server, ws.id, key, 'x'.repeat(65 * 1024));
    assert.equal(response.status, 413);
    assert.deepEqual(await response.json(), { detail: 'File too large' });
    assert.equal((await server.deps.store.documents.listFiles(ws.id)).length, 0);
  });

  test('scope and workspace checks', async () => {
    const readOnly = await buildApiKey(server.deps, tenant, { scopes: ['documents:read'] });
    const denied = await upload(server, tenant.workspace.id, readOnly.key, lease);
    assert.equal(denied.status, 403);
    assert.deepEqual(await denied.json(), { detail: 'Missing required scope: documents:write' });
    const other = await buildTenant(server.deps);
    const foreign = await upload(server, other.workspace.id, key, lease);
    assert.equal(foreign.status, 403);
    assert.deepEqual(await foreign.json(), { detail: 'Workspace not accessible' });
    const bound = await buildApiKey(server.deps, tenant, { workspaceId: tenant.workspace.id });
    const second = await buildWorkspace(server.deps, tenant);
    assert.equal((await upload(server, second.id, bound.key, lease)).status, 403);
  });

  test('a file that is not in the workspace is 404 on its endpoint; another workspace\'s file too', async () => {
    const ws = await buildWorkspace(server.deps, tenant);
    const other = await buildWorkspace(server.deps, tenant);
    const body = (await (await upload(server, other.id, key, `${lease} other`)).json()) as { file_id: number };
    const response = await server.request(`/v1/workspaces/${ws.id}/documents/${body.file_id}`, { key });
    assert.equal(response.status, 404);
    assert.deepEqual(await response.json(), { detail: 'File not found' });
  });

  test('a frozen index keeps uploads processing until it is unfrozen', async () => {
    const ws = await buildWorkspace(server.deps, tenant);
    await updateWorkspace(server.deps, tenant.org.id, ws.id, { indexFrozen: true });
    const body = (await (await upload(server, ws.id, key, `${lease} frozen`)).json()) as { file_id: number; status: string };
    assert.equal(body.status, 'processing');
    await new Promise((r) => setTimeout(r, 1500));
    const still = (await (await server.request(`/v1/workspaces/${ws.id}/documents/${body.file_id}`, { key })).json()) as { status: string };
    assert.equal(still.status, 'processing');
    await updateWorkspace(server.deps, tenant.org.id, ws.id, { indexFrozen: false });
    server.documents.queue.notify();
    assert.equal((await waitForStatus(server, ws.id, body.file_id, key)).status, 'ready');
  });

  test('a corrupt PDF fails with its reason, and the server goes on', async () => {
    const ws = await buildWorkspace(server.deps, tenant);
    const corrupt = '%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF';
    const body = (await (await upload(server, ws.id, key, corrupt, { fileName: 'broken.pdf' })).json()) as { file_id: number };
    const file = await waitForStatus(server, ws.id, body.file_id, key);
    assert.equal(file.status, 'failed');
    assert.ok(file.error && file.error.length > 0);
    assert.equal((await upload(server, ws.id, key, `${lease} after`)).status, 200);
  });

  test('a real contract PDF is ready with its pages', { skip: sharedDataPath('documents', 'cuad', 'pdf') ? false : missingDataReason('documents', 'cuad', 'pdf') }, async () => {
    const dir = sharedDataPath('documents', 'cuad', 'pdf') ?? '';
    // The 64 KiB limit of the shared server is too small for a contract PDF.
    const local = await startTestServer();
    try {
      const t = await buildTenant(local.deps);
      const k = (await buildApiKey(local.deps, t)).key;
      const pdf = readFileSync(join(dir, 'BELLICUMPHARMACEUTICALS,INC_05_07_2019-EX-10.1-Supply Agreement.pdf'));
      const body = (await (await upload(local, t.workspace.id, k, pdf, { fileName: 'distributor.pdf' })).json()) as { file_id: number };
      const file = await waitForStatus(local, t.workspace.id, body.file_id, k, 180_000);
      assert.equal(file.status, 'ready');
      assert.equal(file.content_type, 'application/pdf');
      assert.ok((file.page_count ?? 0) > 1);
    } finally {
      await local.close();
    }
  });
});

describe('X-Idempotency-Key', () => {
  test('a repeat of a completed request replays the first response', async () => {
    const ws = await buildWorkspace(server.deps, tenant);
    const first = await upload(server, ws.id, key, `${lease} idem`, { idempotencyKey: 'upload-1' });
    const firstBody = await first.json();
    const again = await upload(server, ws.id, key, `${lease} idem`, { idempotencyKey: 'upload-1', fileName: 'renamed.txt' });
    assert.equal(again.status, first.status);
    assert.deepEqual(await again.json(), firstBody);
  });

  test('a repeat with other content, another workspace or another directory is 422 idempotency_key_reused', async () => {
    const ws = await buildWorkspace(server.deps, tenant);
    await upload(server, ws.id, key, `${lease} reuse`, { idempotencyKey: 'upload-2' });
    const otherContent = await upload(server, ws.id, key, `${lease} different`, { idempotencyKey: 'upload-2' });
    assert.equal(otherContent.status, 422);
    const body = (await otherContent.json()) as { detail: Array<{ loc: unknown[]; type: string }> };
    assert.deepEqual(body.detail[0]?.loc, ['header', 'x-idempotency-key']);
    assert.equal(body.detail[0]?.type, 'idempotency_key_reused');
    const otherWs = await buildWorkspace(server.deps, tenant);
    assert.equal((await upload(server, otherWs.id, key, `${lease} reuse`, { idempotencyKey: 'upload-2' })).status, 422);
    // Keys are scoped to the API key: another key may use the same string.
    const second = await buildApiKey(server.deps, tenant);
    assert.equal((await upload(server, otherWs.id, second.key, `${lease} reuse`, { idempotencyKey: 'upload-2' })).status, 200);
  });

  test('a repeat while the first is still running is 409', async () => {
    const ws = await buildWorkspace(server.deps, tenant);
    const slow = stalledUpload(server, ws.id, key, `${lease} slow upload body`, 'upload-3');
    // Wait for the state (the first request holds the key), not for a guess at how long that takes.
    const held = () => server.deps.store.db.selectFrom('idempotency_keys').select('state').where('idem_key', '=', 'upload-3').executeTakeFirst();
    while ((await held())?.state !== 'in_progress') await new Promise((r) => setTimeout(r, 20));
    const repeat = await upload(server, ws.id, key, `${lease} slow upload body`, { idempotencyKey: 'upload-3' });
    assert.equal(repeat.status, 409);
    assert.deepEqual(await repeat.json(), { detail: 'A request with this idempotency key is in progress' });
    slow.release();
    assert.equal((await slow.response).status, 200);
    assert.equal((await upload(server, ws.id, key, `${lease} slow upload body`, { idempotencyKey: 'upload-3' })).status, 200);
  });

  test('a malformed key is 422 at header.x-idempotency-key', async () => {
    const response = await upload(server, tenant.workspace.id, key, lease, { idempotencyKey: 'x'.repeat(256) });
    assert.equal(response.status, 422);
    const body = (await response.json()) as { detail: Array<{ loc: unknown[]; type: string }> };
    assert.deepEqual(body.detail[0]?.loc, ['header', 'x-idempotency-key']);
    assert.equal(body.detail[0]?.type, 'string_too_long');
  });
});

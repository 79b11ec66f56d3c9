import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { buildApiKey, buildTenant, buildWorkspace, type Tenant } from '../support/factories.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { upload, waitForStatus } from '../support/uploads.js';

let server: TestServer;
let tenant: Tenant;
let key: string;

const agreement = `SUPPLY AGREEMENT

This Supply Agreement is entered into by and between Bellicum Pharmaceuticals, Inc. ("Bellicum") and Miltenyi Biotec GmbH ("Miltenyi").


14.1 Governing Law. This Agreement shall be governed by and construed in accordance with the laws of the State of New York.
`;

interface FileTextBody {
  file_id: number;
  file_name: string;
  pages: Array<{ page: number; text: string }>;
}

before(async () => {
  server = await startTestServer();
  tenant = await buildTenant(server.deps);
  key = (await buildApiKey(server.deps, tenant)).key;
});
after(() => server.close());

describe('GET /v1/workspaces/{id}/documents/{file_id}/text', () => {
  test('returns the extracted page text, and every passage offset points into it', async () => {
    const ws = await buildWorkspace(server.deps, tenant);
    const uploaded = (await (await upload(server, ws.id, key, agreement, { fileName: 'deals/supply.txt' })).json()) as { file_id: number };
    assert.equal((await waitForStatus(server, ws.id, uploaded.file_id, key)).status, 'ready');

    const response = await server.request(`/v1/workspaces/${ws.id}/documents/${uploaded.file_id}/text`, { key });
    assert.equal(response.status, 200);
    const body = (await response.json()) as FileTextBody;
    assert.deepEqual(Object.keys(body).sort(), ['file_id', 'file_name', 'pages']);
    assert.equal(body.file_id, uploaded.file_id);
    assert.equal(body.pages.length, 1);
    assert.match(body.pages[0]!.text, /laws of the State of New York/);

    const passages = await server.opened.store.fileText.listPassageSpans(ws.id, uploaded.file_id);
    assert.ok(passages.length > 0);
    for (const p of passages) assert.equal(body.pages[0]!.text.slice(p.start_offset, p.start_offset + p.text.length), p.text);
  });

  test('a file ingested before page texts were kept is rebuilt from its passages', async () => {
    const ws = await buildWorkspace(server.deps, tenant);
    const uploaded = (await (await upload(server, ws.id, key, agreement)).json()) as { file_id: number };
    await waitForStatus(server, ws.id, uploaded.file_id, key);
    await server.opened.store.fileText.replacePages(ws.id, uploaded.file_id, []);
    const body = (await (await server.request(`/v1/workspaces/${ws.id}/documents/${uploaded.file_id}/text`, { key })).json()) as FileTextBody;
    assert.match(body.pages[0]!.text, /Governing Law\. This Agreement shall be governed/);
  });

  test("another workspace's file id answers 404, another org's workspace 403, a missing scope 403", async () => {
    const ws = await buildWorkspace(server.deps, tenant);
    const other = await buildWorkspace(server.deps, tenant);
    const uploaded = (await (await upload(server, other.id, key, agreement)).json()) as { file_id: number };
    const foreign = await server.request(`/v1/workspaces/${ws.id}/documents/${uploaded.file_id}/text`, { key });
    assert.equal(foreign.status, 404);
    assert.deepEqual(await foreign.json(), { detail: 'File not found' });

    const stranger = await buildTenant(server.deps);
    const strangerKey = (await buildApiKey(server.deps, stranger)).key;
    const cross = await server.request(`/v1/workspaces/${other.id}/documents/${uploaded.file_id}/text`, { key: strangerKey });
    assert.equal(cross.status, 403);
    assert.deepEqual(await cross.json(), { detail: 'Workspace not accessible' });

    const narrow = (await buildApiKey(server.deps, tenant, { scopes: ['workspaces:read'] })).key;
    const scoped = await server.request(`/v1/workspaces/${other.id}/documents/${uploaded.file_id}/text`, { key: narrow });
    assert.equal(scoped.status, 403);
    assert.deepEqual(await scoped.json(), { detail: 'Missing required scope: documents:read' });
  });
});

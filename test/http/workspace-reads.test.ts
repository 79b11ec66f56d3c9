import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createDirectory } from '../../src/modules/documents/documents.usecases.js';
import { addProjectColumn, createProject } from '../../src/modules/projects/projects.usecases.js';
import { buildApiKey, buildTenant, buildWorkspace, type Tenant } from '../support/factories.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

let server: TestServer;
let tenant: Tenant;
let key: string;

before(async () => {
  server = await startTestServer();
  tenant = await buildTenant(server.deps, {
    type: 'vdr',
    description: 'Project Falcon data room',
    deal: { buy_side_party: 'Acme Corp', sell_side_party: 'Widget LLC', target_name: 'Widget LLC', project_name: 'Falcon', matter_id: 42 },
  });
  key = (await buildApiKey(server.deps, tenant)).key;
});
after(() => server.close());

describe('GET /v1/org', () => {
  test('returns the organization the key belongs to', async () => {
    const response = await server.request('/v1/org', { key });
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { id: tenant.org.id, name: tenant.org.name, created_at: tenant.org.created_at });
    assert.equal(response.headers.get('ratelimit-limit'), '100');
    assert.ok(response.headers.get('x-request-id'));
  });
});

describe('GET /v1/workspaces and /v1/workspaces/{id}', () => {
  test('a workspace carries every field of the spec, deal included', async () => {
    const response = await server.request(`/v1/workspaces/${tenant.workspace.id}`, { key });
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), {
      workspace_id: tenant.workspace.id,
      owner_id: tenant.admin.id,
      org_id: tenant.org.id,
      workspace_type: 'vdr',
      name: 'Main workspace',
      description: 'Project Falcon data room',
      summary: null,
      created_at: tenant.workspace.created_at,
      updated_at: tenant.workspace.updated_at,
      is_public: false,
      valid_until: null,
      index_frozen: false,
      is_external: false,
      deal: { buy_side_party: 'Acme Corp', sell_side_party: 'Widget LLC', target_name: 'Widget LLC', project_name: 'Falcon', matter_id: 42 },
    });
  });

  test('deal is absent when no deal is linked; description null is present', async () => {
    const ws = await buildWorkspace(server.deps, tenant);
    const body = (await (await server.request(`/v1/workspaces/${ws.id}`, { key })).json()) as Record<string, unknown>;
    assert.ok(!('deal' in body));
    assert.equal(body.description, null);
    assert.equal(body.workspace_type, 'standard');
  });

  test('the list holds the workspaces the creator can access, in id order', async () => {
    const ws = await buildWorkspace(server.deps, tenant);
    const list = (await (await server.request('/v1/workspaces', { key })).json()) as Array<{ workspace_id: number }>;
    const ids = list.map((w) => w.workspace_id);
    assert.ok(ids.includes(tenant.workspace.id) && ids.includes(ws.id));
    assert.deepEqual(ids, [...ids].sort((a, b) => a - b));
  });

  test('a non-integer id: 422 int_parsing in pydantic form', async () => {
    const response = await server.request('/v1/workspaces/abc', { key });
    assert.equal(response.status, 422);
    assert.deepEqual(await response.json(), {
      detail: [
        { type: 'int_parsing', loc: ['path', 'workspace_id'], msg: 'Input should be a valid integer, unable to parse string as an integer', input: 'abc' },
      ],
    });
    for (const bad of ['1.5', '1e3', '%20']) {
      assert.equal((await server.request(`/v1/workspaces/${bad}/projects`, { key })).status, 422, bad);
    }
  });
});

describe('GET /v1/workspaces/{id}/projects', () => {
  test('projects come with rows, columns and files', async () => {
    const ws = await buildWorkspace(server.deps, tenant);
    const project = await createProject(server.deps, tenant.org.id, { workspaceId: ws.id, name: 'Lease review', type: 'table', description: 'Key terms' });
    const column = await addProjectColumn(server.deps, ws.id, project.id, { title: 'Term', query: 'What is the lease term?' });
    const response = await server.request(`/v1/workspaces/${ws.id}/projects`, { key });
    assert.equal(response.status, 200);
    const [listed, ...rest] = (await response.json()) as Array<Record<string, unknown>>;
    assert.equal(rest.length, 0);
    assert.equal(listed?.name, 'Lease review');
    assert.equal(listed?.project_type, 'table');
    assert.equal(listed?.display_order, 0);
    assert.deepEqual(listed?.files, []);
    assert.deepEqual(listed?.rows, []);
    assert.deepEqual(listed?.columns, [column]);
  });

  test('an empty workspace has an empty list', async () => {
    const ws = await buildWorkspace(server.deps, tenant);
    assert.deepEqual(await (await server.request(`/v1/workspaces/${ws.id}/projects`, { key })).json(), []);
  });
});

describe('GET /v1/workspaces/{id}/documents', () => {
  test('directories come as a flat list of nodes', async () => {
    const ws = await buildWorkspace(server.deps, tenant);
    const root = await createDirectory(server.deps, tenant.org.id, { workspaceId: ws.id, name: 'Contracts' });
    const child = await createDirectory(server.deps, tenant.org.id, { workspaceId: ws.id, name: 'Leases', parentDirectoryId: root.id });
    const response = await server.request(`/v1/workspaces/${ws.id}/documents`, { key });
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), {
      workspace_id: ws.id,
      workspace_name: ws.name,
      nodes: [
        { id: root.id, name: 'Contracts', type: 'directory', parent_directory_id: null, file_id: null },
        { id: child.id, name: 'Leases', type: 'directory', parent_directory_id: root.id, file_id: null },
      ],
    });
  });
});

describe('public endpoints', () => {
  test('GET /healthz answers ok without a key', async () => {
    const response = await server.request('/healthz');
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { status: 'ok' });
  });

  test('an unknown path: 404 with a detail', async () => {
    const response = await server.request('/v1/nothing-here', { key });
    assert.equal(response.status, 404);
    assert.deepEqual(await response.json(), { detail: 'Not Found' });
  });
});

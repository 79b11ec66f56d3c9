import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { revokeApiKey } from '../../src/modules/api-keys/api-keys.usecases.js';
import { addMember, removeMember, updateWorkspace } from '../../src/modules/workspaces/workspaces.usecases.js';
import { buildApiKey, buildTenant, buildUser, buildWorkspace, type Tenant } from '../support/factories.js';
import { startTestServer, testClock, type TestServer } from '../support/test-server.js';

const clock = testClock(new Date('2026-03-01T12:00:00Z'));
let server: TestServer;
let tenant: Tenant;
let key: string;

before(async () => {
  server = await startTestServer({ clock });
  tenant = await buildTenant(server.deps);
  key = (await buildApiKey(server.deps, tenant)).key;
});
after(() => server.close());

async function expectError(response: Response, status: number, detail: string) {
  assert.equal(response.status, status);
  assert.deepEqual(await response.json(), { detail });
}

describe('authentication', () => {
  test('no Authorization header: 401 with WWW-Authenticate', async () => {
    const response = await server.request('/v1/org');
    assert.equal(response.headers.get('www-authenticate'), 'Bearer');
    await expectError(response, 401, 'Invalid or missing API key');
  });

  test('a header that is not "Bearer <key>": 401', async () => {
    for (const header of [`Basic ${key}`, key, 'Bearer', `Bearer ${key} extra`, `Token ${key}`]) {
      const response = await server.request('/v1/org', { headers: { authorization: header } });
      await expectError(response, 401, 'Invalid or missing API key');
    }
  });

  test('a well-formed key that matches nothing: 401', async () => {
    const forged = `folio_live_${'A'.repeat(40)}`;
    await expectError(await server.request('/v1/org', { key: forged }), 401, 'Invalid or missing API key');
  });

  test('a malformed key: 401', async () => {
    await expectError(await server.request('/v1/org', { key: 'folio_live_short' }), 401, 'Invalid or missing API key');
    await expectError(await server.request('/v1/org', { key: key.replace('folio_live_', 'folio_test_') }), 401, 'Invalid or missing API key');
  });

  test('the scheme is case-insensitive', async () => {
    const response = await server.request('/v1/org', { headers: { authorization: `bearer ${key}` } });
    assert.equal(response.status, 200);
  });

  test('a revoked key: 403', async () => {
    const created = await buildApiKey(server.deps, tenant);
    await revokeApiKey(server.deps, tenant.org.id, created.id);
    await expectError(await server.request('/v1/org', { key: created.key }), 403, 'API key has been revoked');
  });

  test('an expired key: 403, and valid until the instant it expires', async () => {
    const created = await buildApiKey(server.deps, tenant, { expiresAt: new Date(clock.now().getTime() + 60_000).toISOString() });
    assert.equal((await server.request('/v1/org', { key: created.key })).status, 200);
    clock.advance(60_000);
    try {
      await expectError(await server.request('/v1/org', { key: created.key }), 403, 'API key has expired');
    } finally {
      clock.advance(-60_000);
    }
  });

  test('a missing scope: 403 naming the scope', async () => {
    const narrow = await buildApiKey(server.deps, tenant, { scopes: ['workspaces:read'] });
    const response = await server.request(`/v1/workspaces/${tenant.workspace.id}/documents`, { key: narrow.key });
    await expectError(response, 403, 'Missing required scope: documents:read');
  });

  test('checks run in the contract order: scope (403) before validation (422)', async () => {
    const narrow = await buildApiKey(server.deps, tenant, { scopes: ['workspaces:read'] });
    const response = await server.request('/v1/workspaces/abc/documents', { key: narrow.key });
    await expectError(response, 403, 'Missing required scope: documents:read');
  });

  test('authentication (401) comes before validation (422)', async () => {
    await expectError(await server.request('/v1/workspaces/abc'), 401, 'Invalid or missing API key');
  });

  test('validation (422) comes before workspace access (403)', async () => {
    const bound = await buildApiKey(server.deps, tenant, { workspaceId: tenant.workspace.id });
    const response = await server.request('/v1/workspaces/abc', { key: bound.key });
    assert.equal(response.status, 422);
  });

  test('the last_used_at of a key is recorded', async () => {
    const created = await buildApiKey(server.deps, tenant);
    await server.request('/v1/org', { key: created.key });
    const row = await server.deps.store.apiKeys.getById(tenant.org.id, created.id);
    assert.equal(row?.last_used_at, clock.now().toISOString());
  });
});

describe('workspace access', () => {
  test('another org\'s workspace: 403 Workspace not accessible', async () => {
    const other = await buildTenant(server.deps);
    await expectError(await server.request(`/v1/workspaces/${other.workspace.id}`, { key }), 403, 'Workspace not accessible');
    await expectError(await server.request(`/v1/workspaces/${other.workspace.id}/projects`, { key }), 403, 'Workspace not accessible');
    await expectError(await server.request(`/v1/workspaces/${other.workspace.id}/documents`, { key }), 403, 'Workspace not accessible');
  });

  test('a nonexistent workspace id answers exactly like a forbidden one', async () => {
    await expectError(await server.request('/v1/workspaces/999999', { key }), 403, 'Workspace not accessible');
  });

  test('a workspace-bound key reaches its own workspace only', async () => {
    const second = await buildWorkspace(server.deps, tenant);
    const bound = await buildApiKey(server.deps, tenant, { workspaceId: tenant.workspace.id });
    assert.equal((await server.request(`/v1/workspaces/${tenant.workspace.id}`, { key: bound.key })).status, 200);
    await expectError(await server.request(`/v1/workspaces/${second.id}`, { key: bound.key }), 403, 'Workspace not accessible');
    const list = (await (await server.request('/v1/workspaces', { key: bound.key })).json()) as Array<{ workspace_id: number }>;
    assert.deepEqual(list.map((w) => w.workspace_id), [tenant.workspace.id]);
  });

  test('an org-scoped key reaches what its creator can access now', async () => {
    const member = await buildUser(server.deps, tenant.org.id, true);
    const ws = await buildWorkspace(server.deps, tenant);
    await addMember(server.deps, tenant.org.id, ws.id, member.id, 'viewer');
    const memberKey = await buildApiKey(server.deps, tenant, { createdBy: member.id });
    assert.equal((await server.request(`/v1/workspaces/${ws.id}`, { key: memberKey.key })).status, 200);
    // The creator is not a member of the tenant's main workspace.
    await expectError(await server.request(`/v1/workspaces/${tenant.workspace.id}`, { key: memberKey.key }), 403, 'Workspace not accessible');

    await removeMember(server.deps, tenant.org.id, ws.id, member.id);
    await expectError(await server.request(`/v1/workspaces/${ws.id}`, { key: memberKey.key }), 403, 'Workspace not accessible');
    const list = (await (await server.request('/v1/workspaces', { key: memberKey.key })).json()) as unknown[];
    assert.deepEqual(list, []);
  });

  test('a bound key loses its workspace when its creator is removed from it', async () => {
    const manager = await buildUser(server.deps, tenant.org.id);
    const ws = await buildWorkspace(server.deps, tenant);
    await addMember(server.deps, tenant.org.id, ws.id, manager.id, 'admin');
    const bound = await buildApiKey(server.deps, tenant, { createdBy: manager.id, workspaceId: ws.id });
    assert.equal((await server.request(`/v1/workspaces/${ws.id}`, { key: bound.key })).status, 200);
    await removeMember(server.deps, tenant.org.id, ws.id, manager.id);
    await expectError(await server.request(`/v1/workspaces/${ws.id}`, { key: bound.key }), 403, 'Workspace not accessible');
  });

  test('a workspace whose valid_until has passed is not accessible and not listed', async () => {
    const ws = await buildWorkspace(server.deps, tenant, { type: 'vdr', validUntil: new Date(clock.now().getTime() + 1000).toISOString() });
    assert.equal((await server.request(`/v1/workspaces/${ws.id}`, { key })).status, 200);
    await updateWorkspace(server.deps, tenant.org.id, ws.id, { validUntil: new Date(clock.now().getTime() - 1000).toISOString() });
    await expectError(await server.request(`/v1/workspaces/${ws.id}`, { key }), 403, 'Workspace not accessible');
    const list = (await (await server.request('/v1/workspaces', { key })).json()) as Array<{ workspace_id: number }>;
    assert.ok(!list.some((w) => w.workspace_id === ws.id));
  });

  test('a public workspace is reachable by any org key, never by another org', async () => {
    const owner = await buildUser(server.deps, tenant.org.id);
    const ws = await buildWorkspace(server.deps, tenant, { ownerId: owner.id, isPublic: true });
    assert.equal((await server.request(`/v1/workspaces/${ws.id}`, { key })).status, 200);
    const other = await buildTenant(server.deps);
    const otherKey = await buildApiKey(server.deps, other);
    await expectError(await server.request(`/v1/workspaces/${ws.id}`, { key: otherKey.key }), 403, 'Workspace not accessible');
  });
});

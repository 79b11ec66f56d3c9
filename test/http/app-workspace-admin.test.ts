import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { addMember } from '../../src/modules/workspaces/workspaces.usecases.js';
import { buildTenant, buildUser, type Tenant } from '../support/factories.js';
import { AppClient, givePassword } from '../support/app-session.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

let server: TestServer;
let tenant: Tenant;
let admin: AppClient;
let viewer: AppClient;
let editor: AppClient;
let viewerId: string;
let ws: number;

before(async () => {
  server = await startTestServer();
  tenant = await buildTenant(server.deps);
  ws = tenant.workspace.id;
  const v = await buildUser(server.deps, tenant.org.id);
  const e = await buildUser(server.deps, tenant.org.id);
  viewerId = v.id;
  await addMember(server.deps, tenant.org.id, ws, v.id, 'viewer');
  await addMember(server.deps, tenant.org.id, ws, e.id, 'editor');
  for (const u of [tenant.admin, v, e]) await givePassword(server.deps, tenant.org.id, u.id);
  admin = new AppClient(server);
  viewer = new AppClient(server);
  editor = new AppClient(server);
  await admin.signIn(tenant.admin.email);
  await viewer.signIn(v.email);
  await editor.signIn(e.email);
});
after(() => server.close());

test('an owner creates a workspace key, sees it once, and it works on /v1 until revoked', async () => {
  const created = await admin.request(`/app/api/workspaces/${ws}/keys`, { method: 'POST', json: { name: 'laptop', scopes: ['workspaces:read', 'documents:read'] } });
  assert.equal(created.status, 201);
  const key = (await created.json()) as { id: string; key: string; workspace_id: number; display_prefix: string; created_by_name: string };
  assert.match(key.key, /^folio_live_[0-9A-Za-z]{40}$/);
  assert.equal(key.workspace_id, ws);
  assert.equal(key.created_by_name, tenant.admin.name);
  const list = (await (await admin.request(`/app/api/workspaces/${ws}/keys`)).json()) as Array<Record<string, unknown>>;
  const listed = list.find((k) => k.id === key.id);
  assert.ok(listed);
  assert.equal(listed.display_prefix, key.key.slice(0, 16));
  assert.ok(!('key' in listed) && !('key_hash' in listed), 'the secret and its hash are never listed');

  const works = await server.request('/v1/workspaces', { key: key.key });
  assert.equal(works.status, 200);
  assert.deepEqual(((await works.json()) as Array<{ workspace_id: number }>).map((w) => w.workspace_id), [ws]);

  const revoked = await admin.request(`/app/api/workspaces/${ws}/keys/${key.id}`, { method: 'DELETE' });
  assert.equal(revoked.status, 200);
  assert.ok(((await revoked.json()) as { revoked_at: string | null }).revoked_at);
  assert.equal((await server.request('/v1/workspaces', { key: key.key })).status, 403);
});

test('viewers and editors cannot list, create or revoke keys, nor manage members (403)', async () => {
  for (const client of [viewer, editor]) {
    assert.equal((await client.request(`/app/api/workspaces/${ws}/keys`)).status, 403);
    assert.equal((await client.request(`/app/api/workspaces/${ws}/keys`, { method: 'POST', json: { name: 'x', scopes: ['workspaces:read'] } })).status, 403);
    assert.equal((await client.request(`/app/api/workspaces/${ws}/members`, { method: 'POST', json: { email: tenant.admin.email, role: 'viewer' } })).status, 403);
  }
  const standing = (await (await viewer.request(`/app/api/workspaces/${ws}/standing`)).json()) as { role: string; can_manage: boolean; scopes: string[] };
  assert.equal(standing.role, 'viewer');
  assert.equal(standing.can_manage, false);
  assert.ok(!standing.scopes.includes('documents:write'));
});

test('a viewer reads documents through the app but cannot upload or ask; an editor can ask', async () => {
  assert.equal((await viewer.request(`/app/api/v1/workspaces/${ws}/documents`)).status, 200);
  const form = new FormData();
  form.append('file', new Blob(['Some text']), 'a.txt');
  const upload = await viewer.request(`/app/api/v1/workspaces/${ws}/documents`, { method: 'POST', body: form });
  assert.equal(upload.status, 403);
  assert.deepEqual(await upload.json(), { detail: 'Missing required scope: documents:write' });
  assert.equal((await viewer.request(`/app/api/v1/workspaces/${ws}/query`, { method: 'POST', json: { question: 'What?' } })).status, 403);
  assert.equal((await editor.request(`/app/api/v1/workspaces/${ws}/query`, { method: 'POST', json: { question: 'What governs?' } })).status, 200);
});

test('members: owners add by e-mail, change roles and remove; the last owner stays', async () => {
  const newcomer = await buildUser(server.deps, tenant.org.id);
  const added = await admin.request(`/app/api/workspaces/${ws}/members`, { method: 'POST', json: { email: newcomer.email, role: 'viewer' } });
  assert.equal(added.status, 200);
  const changed = await admin.request(`/app/api/workspaces/${ws}/members/${newcomer.id}`, { method: 'PATCH', json: { role: 'editor' } });
  assert.equal(((await changed.json()) as { role: string }).role, 'editor');
  const members = (await (await viewer.request(`/app/api/workspaces/${ws}/members`)).json()) as Array<{ user_id: string; role: string }>;
  assert.equal(members.find((m) => m.user_id === newcomer.id)?.role, 'editor');
  assert.equal((await admin.request(`/app/api/workspaces/${ws}/members/${newcomer.id}`, { method: 'DELETE' })).status, 204);
  assert.equal((await admin.request(`/app/api/workspaces/${ws}/members/${tenant.admin.id}`, { method: 'PATCH', json: { role: 'viewer' } })).status, 409);
  assert.equal((await viewer.request(`/app/api/workspaces/${ws}/members/${viewerId}`, { method: 'DELETE' })).status, 403);
});

test('a user of another org cannot see the workspace at all', async () => {
  const other = await buildTenant(server.deps);
  await givePassword(server.deps, other.org.id, other.admin.id);
  const stranger = new AppClient(server);
  await stranger.signIn(other.admin.email);
  assert.equal((await stranger.request(`/app/api/workspaces/${ws}/members`)).status, 403);
  assert.equal((await stranger.request(`/app/api/v1/workspaces/${ws}/documents`)).status, 403);
  assert.equal((await stranger.request(`/app/api/workspaces/${ws}/keys`)).status, 403);
});

test('org-scoped keys: an org admin may create one from a workspace, an owner who is not an org admin may not', async () => {
  const created = await admin.request(`/app/api/workspaces/${ws}/keys`, { method: 'POST', json: { name: 'all workspaces', scopes: ['workspaces:read'], org_scoped: true, rate_limit: 10, expires_at: '2099-01-01T00:00:00Z' } });
  assert.equal(created.status, 201);
  const key = (await created.json()) as { workspace_id: number | null; rate_limit: number; expires_at: string };
  assert.equal(key.workspace_id, null);
  assert.equal(key.rate_limit, 10);
  assert.equal(key.expires_at, '2099-01-01T00:00:00.000Z');

  const owner = await buildUser(server.deps, tenant.org.id);
  await addMember(server.deps, tenant.org.id, ws, owner.id, 'owner');
  await givePassword(server.deps, tenant.org.id, owner.id);
  const ownerClient = new AppClient(server);
  await ownerClient.signIn(owner.email);
  const refused = await ownerClient.request(`/app/api/workspaces/${ws}/keys`, { method: 'POST', json: { name: 'x', scopes: ['workspaces:read'], org_scoped: true } });
  assert.equal(refused.status, 403);
  const bound = await ownerClient.request(`/app/api/workspaces/${ws}/keys`, { method: 'POST', json: { name: 'bound', scopes: ['workspaces:read'] } });
  assert.equal(bound.status, 201);
  const visible = (await (await ownerClient.request(`/app/api/workspaces/${ws}/keys`)).json()) as Array<{ workspace_id: number | null }>;
  assert.ok(visible.every((k) => k.workspace_id === ws), 'org-scoped keys are listed to org admins only');
});

test("a session's rights follow the user's current role: promoted, a viewer may ask; removed, they see nothing", async () => {
  const user = await buildUser(server.deps, tenant.org.id);
  await addMember(server.deps, tenant.org.id, ws, user.id, 'viewer');
  await givePassword(server.deps, tenant.org.id, user.id);
  const client = new AppClient(server);
  await client.signIn(user.email);
  const ask = () => client.request(`/app/api/v1/workspaces/${ws}/query`, { method: 'POST', json: { question: 'What governs?' } });
  assert.equal((await ask()).status, 403);
  assert.equal((await admin.request(`/app/api/workspaces/${ws}/members/${user.id}`, { method: 'PATCH', json: { role: 'editor' } })).status, 200);
  assert.equal((await ask()).status, 200);
  assert.equal((await admin.request(`/app/api/workspaces/${ws}/members/${user.id}`, { method: 'DELETE' })).status, 204);
  assert.equal((await client.request(`/app/api/v1/workspaces/${ws}/documents`)).status, 403);
});

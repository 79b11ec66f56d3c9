import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { buildApiKey, buildTenant, buildUser, type Tenant } from '../support/factories.js';
import { AppClient, cookiesOf, givePassword } from '../support/app-session.js';
import { startTestServer, testClock, type TestServer } from '../support/test-server.js';

const clock = testClock(new Date('2026-03-01T09:00:00Z'));
let server: TestServer;
let tenant: Tenant;

before(async () => {
  server = await startTestServer({ clock });
  tenant = await buildTenant(server.deps);
  await givePassword(server.deps, tenant.org.id, tenant.admin.id);
});
after(() => server.close());

test('sign-in sets an HttpOnly SameSite session cookie and a readable CSRF cookie; the session reads /app/api/session', async () => {
  const client = new AppClient(server);
  const response = await client.signIn(tenant.admin.email);
  assert.equal(response.status, 200);
  const body = (await response.json()) as { user: { id: string; email: string } };
  assert.equal(body.user.id, tenant.admin.id);
  const cookies = cookiesOf(response);
  const session = cookies.get('folio_session');
  assert.ok(session && session.value.length >= 40);
  assert.match(session.attributes, /HttpOnly/);
  assert.match(session.attributes, /SameSite=Strict/);
  assert.match(session.attributes, /Path=\//);
  assert.doesNotMatch(session.attributes, /Secure/, 'plain HTTP here: Secure only over HTTPS');
  assert.doesNotMatch(cookies.get('folio_csrf')?.attributes ?? 'HttpOnly', /HttpOnly/);
  const stored = await server.deps.store.db.selectFrom('sessions').select('token_hash').execute();
  assert.ok(stored.every((s) => s.token_hash !== session.value), 'only a hash of the token is stored');
  const me = await client.request('/app/api/session');
  assert.equal(me.status, 200);
});

test('the session cookie is Secure behind an HTTPS proxy when proxies are trusted', async () => {
  const proxied = await startTestServer({ config: { trustProxy: true } });
  try {
    const t = await buildTenant(proxied.deps);
    await givePassword(proxied.deps, t.org.id, t.admin.id);
    const client = new AppClient(proxied, `https://${new URL(proxied.baseUrl).host}`);
    const response = await client.request('/app/api/session', { method: 'POST', json: { email: t.admin.email, password: 'correct horse battery staple' }, headers: { 'x-forwarded-proto': 'https' } });
    assert.equal(response.status, 200);
    assert.match(cookiesOf(response).get('folio_session')?.attributes ?? '', /Secure/);
  } finally {
    await proxied.close();
  }
});

test('a wrong password, an unknown e-mail and a user without a password all answer the same 401', async () => {
  const other = await buildUser(server.deps, tenant.org.id);
  for (const [email, password] of [[tenant.admin.email, 'wrong password'], ['nobody@example.test', 'whatever123'], [other.email, 'whatever123']] as const) {
    const response = await new AppClient(server).signIn(email, password);
    assert.equal(response.status, 401);
    assert.deepEqual(await response.json(), { detail: 'Invalid email or password' });
    assert.equal(response.headers.getSetCookie().length, 0);
  }
});

test('five failures lock the account, even for the right password, until the window passes', async () => {
  const t = await buildTenant(server.deps);
  await givePassword(server.deps, t.org.id, t.admin.id);
  for (let i = 0; i < 5; i++) assert.equal((await new AppClient(server).signIn(t.admin.email, `guess-${i}-wrong`)).status, 401);
  const locked = await new AppClient(server).signIn(t.admin.email);
  assert.equal(locked.status, 429);
  assert.ok(Number(locked.headers.get('retry-after')) > 0);
  clock.advance(15 * 60 * 1000 + 1000);
  assert.equal((await new AppClient(server).signIn(t.admin.email)).status, 200);
});

test('failures from one address across many accounts are limited too', async () => {
  const limited = await startTestServer({ clock: testClock(new Date('2026-03-02T09:00:00Z')) });
  try {
    const t = await buildTenant(limited.deps);
    await givePassword(limited.deps, t.org.id, t.admin.id);
    for (let i = 0; i < 20; i++) assert.equal((await new AppClient(limited).signIn(`someone-${i}@example.test`, 'wrong-password')).status, 401);
    assert.equal((await new AppClient(limited).signIn(t.admin.email)).status, 429);
  } finally {
    await limited.close();
  }
});

test('a session expires 12 hours after sign-in', async () => {
  const client = new AppClient(server);
  assert.equal((await client.signIn(tenant.admin.email)).status, 200);
  clock.advance(11 * 60 * 60 * 1000);
  assert.equal((await client.request('/app/api/session')).status, 200);
  clock.advance(60 * 60 * 1000 + 1);
  const expired = await client.request('/app/api/session');
  assert.equal(expired.status, 401);
  assert.deepEqual(await expired.json(), { detail: 'Not signed in' });
});

test('a session never authenticates /v1, and a key never authenticates the app API', async () => {
  const client = new AppClient(server);
  await client.signIn(tenant.admin.email);
  assert.equal((await client.request('/v1/workspaces')).status, 401);
  assert.equal((await client.request('/app/api/v1/workspaces')).status, 200);
  const { key } = await buildApiKey(server.deps, tenant);
  assert.equal((await server.request('/app/api/v1/workspaces', { key })).status, 401);
  assert.equal((await server.request('/app/api/session', { key })).status, 401);
});

test('state-changing requests need the CSRF token and this origin', async () => {
  const client = new AppClient(server);
  await client.signIn(tenant.admin.email);
  const ws = tenant.workspace.id;
  const body = { name: 'csrf', scopes: ['workspaces:read'] };
  assert.equal((await client.request(`/app/api/workspaces/${ws}/keys`, { method: 'POST', json: body, csrf: null })).status, 403);
  assert.equal((await client.request(`/app/api/workspaces/${ws}/keys`, { method: 'POST', json: body, csrf: 'forged-token' })).status, 403);
  const evil = new AppClient(server, 'http://evil.example');
  evil.cookies = new Map(client.cookies);
  assert.equal((await evil.request(`/app/api/workspaces/${ws}/keys`, { method: 'POST', json: body })).status, 403);
  assert.equal((await evil.signIn(tenant.admin.email)).status, 403, 'sign-in from another origin is refused');
  assert.equal((await client.request(`/app/api/workspaces/${ws}/keys`, { method: 'POST', json: body })).status, 201);
});

test('sign-in issues a new session id (fixation) and sign-out ends the session', async () => {
  const victim = new AppClient(server);
  assert.equal((await victim.signIn(tenant.admin.email)).status, 200);
  const planted = victim.cookies.get('folio_session')!;
  assert.equal((await victim.signIn(tenant.admin.email)).status, 200);
  const fresh = victim.cookies.get('folio_session')!;
  assert.notEqual(fresh, planted);
  const attacker = new AppClient(server);
  attacker.cookies.set('folio_session', planted);
  assert.equal((await attacker.request('/app/api/session')).status, 401, 'the session named before sign-in is ended');
  const planter = new AppClient(server);
  planter.cookies.set('folio_session', 'attacker-chosen-value');
  assert.equal((await planter.signIn(tenant.admin.email)).status, 200);
  assert.notEqual(planter.cookies.get('folio_session'), 'attacker-chosen-value');

  const out = await victim.request('/app/api/session', { method: 'DELETE' });
  assert.equal(out.status, 204);
  const replay = new AppClient(server);
  replay.cookies.set('folio_session', fresh);
  assert.equal((await replay.request('/app/api/session')).status, 401);
});

test('a signed-in user is rate limited per window (ten times a key default), with RateLimit headers', async () => {
  const limited = await startTestServer({ config: { rateLimitDefault: 2 } });
  try {
    const t = await buildTenant(limited.deps);
    await givePassword(limited.deps, t.org.id, t.admin.id);
    const client = new AppClient(limited);
    await client.signIn(t.admin.email);
    let last: Response | undefined;
    for (let i = 0; i < 20; i++) {
      last = await client.request('/app/api/v1/workspaces');
      assert.equal(last.status, 200);
    }
    assert.equal(last?.headers.get('ratelimit-limit'), '20');
    assert.equal(last?.headers.get('ratelimit-remaining'), '0');
    const refused = await client.request('/app/api/session');
    assert.equal(refused.status, 429);
    assert.ok(Number(refused.headers.get('retry-after')) > 0);
  } finally {
    await limited.close();
  }
});

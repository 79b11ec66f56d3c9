import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildApiKey, buildTenant } from '../support/factories.js';
import { startTestServer, testClock } from '../support/test-server.js';

test('the 101st request in a window: 429 with Retry-After; the next window opens again', async () => {
  const clock = testClock(new Date('2026-05-01T00:00:00Z'));
  const server = await startTestServer({ clock });
  try {
    const tenant = await buildTenant(server.deps);
    const { key } = await buildApiKey(server.deps, tenant);
    for (let i = 1; i <= 100; i++) {
      const response = await server.request('/v1/org', { key });
      assert.equal(response.status, 200, `request ${i}`);
      assert.equal(response.headers.get('ratelimit-remaining'), String(100 - i));
    }
    clock.advance(20_000);
    const limited = await server.request('/v1/org', { key });
    assert.equal(limited.status, 429);
    assert.deepEqual(await limited.json(), { detail: 'Rate limit exceeded' });
    assert.equal(limited.headers.get('retry-after'), '40');
    assert.equal(limited.headers.get('ratelimit-limit'), '100');
    assert.equal(limited.headers.get('ratelimit-remaining'), '0');
    assert.equal(limited.headers.get('ratelimit-reset'), '40');

    // Another key of the same org has its own window.
    const other = await buildApiKey(server.deps, tenant);
    assert.equal((await server.request('/v1/org', { key: other.key })).status, 200);

    clock.advance(40_000);
    assert.equal((await server.request('/v1/org', { key })).status, 200);
  } finally {
    await server.close();
  }
});

test('a key with its own rate limit is held to it', async () => {
  const server = await startTestServer();
  try {
    const tenant = await buildTenant(server.deps);
    const { key } = await buildApiKey(server.deps, tenant, { rateLimit: 3 });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await server.request('/v1/org', { key })).status);
    assert.deepEqual(statuses, [200, 200, 200, 429]);
  } finally {
    await server.close();
  }
});

test('rate limit (429) comes before scope (403)', async () => {
  const server = await startTestServer();
  try {
    const tenant = await buildTenant(server.deps);
    const { key } = await buildApiKey(server.deps, tenant, { rateLimit: 1, scopes: ['statutes:read'] });
    assert.equal((await server.request('/v1/org', { key })).status, 403);
    assert.equal((await server.request('/v1/org', { key })).status, 429);
  } finally {
    await server.close();
  }
});

test('requests without a valid key are limited per address', async () => {
  const server = await startTestServer({ config: { anonymousRateLimit: 5 } });
  try {
    const statuses = [];
    for (let i = 0; i < 7; i++) {
      statuses.push((await server.request('/v1/org', { key: `folio_live_${String(i).padStart(40, 'x')}` })).status);
    }
    assert.deepEqual(statuses, [401, 401, 401, 401, 401, 429, 429]);
    // A valid key from the same address is not held back by the guesses.
    const tenant = await buildTenant(server.deps);
    const { key } = await buildApiKey(server.deps, tenant);
    assert.equal((await server.request('/v1/org', { key })).status, 200);
  } finally {
    await server.close();
  }
});

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { revokeApiKey } from '../../src/modules/api-keys/api-keys.usecases.js';
import { findImportFormat } from '../../src/modules/statutes/import/formats.js';
import { importStatutes } from '../../src/modules/statutes/import/import-statutes.js';
import { buildApiKey, buildTenant, type Tenant } from '../support/factories.js';
import { startTestServer, testClock, type TestServer } from '../support/test-server.js';

const statutes = join(import.meta.dirname, '..', '..', 'src', 'modules', 'statutes');
const clock = testClock(new Date('2026-03-01T12:00:00Z'));
let server: TestServer;
let empty: TestServer;
let tenant: Tenant;
let key: string;
let emptyKey: string;

const SECTION_KEYS = ['code', 'cross_references', 'effective_as_of', 'history', 'jurisdiction', 'section_number', 'section_title', 'status', 'text'];

before(async () => {
  [server, empty] = await Promise.all([startTestServer({ clock }), startTestServer({ clock })]);
  const deps = { db: server.opened.store.db, search: server.opened.statuteSearch };
  await importStatutes(deps, { format: findImportFormat('dc')!, path: join(statutes, 'importers', '__fixtures__', 'dc', '2024-10-20'), published: '2024-10-20' });
  await importStatutes(deps, { format: findImportFormat('jsonl')!, path: join(statutes, '__fixtures__', 'dc-2-1402.11-excerpt.jsonl'), published: '2024-10-20' });
  tenant = await buildTenant(server.deps);
  key = (await buildApiKey(server.deps, tenant)).key;
  emptyKey = (await buildApiKey(empty.deps, await buildTenant(empty.deps))).key;
});
after(async () => {
  await server.close();
  await empty.close();
});

function getSection(citation: string, query = '', as = key, on = server) {
  return on.request(`/v1/statute/${encodeURIComponent(citation)}${query}`, { key: as });
}

async function expectError(response: Response, status: number, detail: string | RegExp) {
  assert.equal(response.status, status);
  const body = (await response.json()) as { detail: unknown };
  assert.deepEqual(Object.keys(body), ['detail']);
  if (typeof detail === 'string') assert.equal(body.detail, detail);
  else assert.match(String(body.detail), detail);
}

describe('GET /v1/statute/{citation}', () => {
  test('answers the Section with exactly its fields, the canonical code and today’s version by default', async () => {
    const response = await getSection('D.C. Code § 42-3505.54');
    assert.equal(response.status, 200);
    const body = (await response.json()) as Record<string, unknown>;
    assert.deepEqual(Object.keys(body).sort(), SECTION_KEYS);
    assert.equal(body.code, 'D.C. Code § 42-3505.54');
    assert.equal(body.section_number, '42-3505.54');
    assert.match(String(body.section_title), /^Notice of tenant's intent to vacate/);
    assert.match(String(body.text), /at least 30 days more/);
    assert.match(String(body.history), /D\.C\. Law 25-65/);
    assert.equal(body.effective_as_of, '2023-11-28');
    assert.equal(body.status, 'CURRENT');
    assert.equal(body.jurisdiction, 'DC');
    assert.ok(Array.isArray(body.cross_references));
  });

  test('the same section by several spellings, a pinpoint resolving to it', async () => {
    for (const spelling of ['DC Code 2-1402.11', 'D.C. Official Code § 2-1402.11(a)', 'D.C. Code § 2-1402.11', 'D.C. Code Sec. 2-1402.11', 'd.c. code section 2-1402.11(a)(1)(A)']) {
      const response = await getSection(spelling);
      assert.equal(response.status, 200, spelling);
      const body = (await response.json()) as Record<string, unknown>;
      assert.equal(body.code, 'D.C. Code § 2-1402.11', spelling);
      assert.match(String(body.text), /unlawful discriminatory practice/);
    }
  });

  test('as_of picks the version: REPEALED, NOT_YET_EFFECTIVE', async () => {
    const repealed = (await (await getSection('D.C. Code § 42-101', '?as_of=2025-01-01')).json()) as Record<string, unknown>;
    assert.equal(repealed.status, 'REPEALED');
    assert.equal(repealed.effective_as_of, '2023-02-23');
    const early = (await (await getSection('D.C. Code § 42-3505.54', '?as_of=2020-01-01')).json()) as Record<string, unknown>;
    assert.equal(early.status, 'NOT_YET_EFFECTIVE');
    assert.equal(early.effective_as_of, '2023-11-28');
  });

  test('an unrecognizable citation: 400', async () => {
    await expectError(await getSection('hello world'), 400, 'Unrecognized citation: "hello world"');
    await expectError(await getSection('§ 42-3505.54'), 400, /^Unrecognized citation/);
  });

  test('a supported jurisdiction but no such section: 400', async () => {
    await expectError(await getSection('D.C. Code § 1-999'), 400, 'Unknown citation: no section D.C. Code § 1-999 in the corpus');
  });

  test('a recognizable citation of a jurisdiction without a corpus: 422', async () => {
    await expectError(await getSection('Cal. Civ. Code § 1542'), 422, 'Jurisdiction not supported: CA');
    await expectError(await getSection('42 USC 1983'), 422, 'Jurisdiction not supported: US');
  });

  test('a malformed as_of: 400', async () => {
    for (const asOf of ['2024-13-01', 'yesterday', '2024-02-30', '20240101', '']) {
      await expectError(await getSection('D.C. Code § 42-3505.54', `?as_of=${asOf}`), 400, /as_of/);
    }
  });

  test('no key: 401; a revoked key: 403; a key without statutes:read: 403 naming it', async () => {
    await expectError(await server.request(`/v1/statute/${encodeURIComponent('D.C. Code § 42-101')}`), 401, 'Invalid or missing API key');
    const revoked = await buildApiKey(server.deps, tenant);
    await revokeApiKey(server.deps, tenant.org.id, revoked.id);
    await expectError(await getSection('D.C. Code § 42-101', '', revoked.key), 403, 'API key has been revoked');
    const narrow = await buildApiKey(server.deps, tenant, { scopes: ['workspaces:read'] });
    await expectError(await getSection('D.C. Code § 42-101', '', narrow.key), 403, 'Missing required scope: statutes:read');
    await expectError(await server.request('/v1/jurisdictions', { key: narrow.key }), 403, 'Missing required scope: statutes:read');
  });

  test('a workspace-bound key may read statutes too', async () => {
    const bound = await buildApiKey(server.deps, tenant, { workspaceId: tenant.workspace.id, scopes: ['statutes:read'] });
    assert.equal((await getSection('D.C. Code § 42-101', '', bound.key)).status, 200);
  });
});

describe('GET /v1/jurisdictions', () => {
  test('lists the loaded jurisdictions with their codes, counts and dates', async () => {
    const response = await server.request('/v1/jurisdictions', { key });
    assert.equal(response.status, 200);
    const body = (await response.json()) as { jurisdictions: Array<Record<string, unknown> & { codes: Array<Record<string, unknown>> }> };
    assert.equal(body.jurisdictions.length, 1);
    const dc = body.jurisdictions[0]!;
    assert.equal(dc.jurisdiction, 'DC');
    assert.equal(dc.section_count, 7);
    assert.deepEqual(dc.codes.map((c) => c.name), ['D.C. Code']);
    const code = dc.codes[0]!;
    assert.deepEqual(Object.keys(code).sort(), ['earliest_effective_date', 'latest_effective_date', 'latest_publication_date', 'name', 'repealed_count', 'section_count', 'version_count']);
    assert.equal(code.latest_publication_date, '2024-10-20');
    assert.equal(code.repealed_count, 1);
    assert.match(String(dc.earliest_effective_date), /^\d{4}-\d{2}-\d{2}$/);
    assert.equal(dc.latest_effective_date, code.latest_effective_date);
  });

  test('says which titles and publications are loaded (extension), so an absent title can be seen', async () => {
    const body = (await (await server.request('/v1/jurisdictions', { key })).json()) as {
      jurisdictions: Array<{ titles: Array<{ number: string; name: string | null; section_count: number }>; publications: Array<{ published: string; titles: string[] }> }>;
    };
    const dc = body.jurisdictions[0]!;
    const numbers = dc.titles.map((t) => t.number);
    assert.ok(numbers.length >= 1);
    assert.deepEqual(numbers, [...numbers].sort((a, b) => a.localeCompare(b, 'en', { numeric: true })));
    assert.equal(dc.titles.reduce((n, t) => n + t.section_count, 0), 7);
    assert.ok(!numbers.includes('28A'), 'a title the fixture does not hold is not listed');
    assert.ok(dc.publications.some((p) => p.published === '2024-10-20' && p.titles.every((t) => numbers.includes(t))));
  });
});

describe('an empty corpus', () => {
  test('every statute lookup answers 422 and no jurisdiction is listed', async () => {
    for (const citation of ['D.C. Code § 42-101', '42 U.S.C. § 1983', 'Va. Code Ann. § 18.2-46.2', 'Colo. Rev. Stat. § 2-4-101']) {
      const response = await getSection(citation, '', emptyKey, empty);
      assert.equal(response.status, 422, citation);
    }
    const response = await empty.request('/v1/jurisdictions', { key: emptyKey });
    assert.deepEqual(await response.json(), { jurisdictions: [] });
  });
});

describe('OpenAPI', () => {
  test('lists both statute paths with their responses', async () => {
    const doc = (await (await server.request('/openapi.json')).json()) as { paths: Record<string, Record<string, { responses: Record<string, unknown>; security?: unknown }>> };
    const section = doc.paths['/v1/statute/{citation}']?.get;
    assert.ok(section, 'GET /v1/statute/{citation}');
    for (const status of ['200', '400', '401', '403', '422', '429']) assert.ok(section.responses[status], status);
    assert.ok(section.security);
    assert.ok(doc.paths['/v1/jurisdictions']?.get?.responses['200']);
  });
});

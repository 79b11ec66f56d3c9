import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { findImportFormat } from '../../src/modules/statutes/import/formats.js';
import { importStatutes } from '../../src/modules/statutes/import/import-statutes.js';
import { buildApiKey, buildTenant } from '../support/factories.js';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/*
 * Statute research reads a bounded prefix of a long question or assertion (and says so), so that a
 * 900 KB assertion cannot hold the event loop; and it runs in a bounded pool that sheds with 503.
 */

const fixture = join(import.meta.dirname, '..', '..', 'src', 'modules', 'research', 'ask', '__fixtures__', 'dc-sections.json');
interface FixtureSection { citation: string; sectionNumber: string; heading: string; text: string }
const sections = JSON.parse(readFileSync(fixture, 'utf8')) as FixtureSection[];
const tmp = mkdtempSync(join(tmpdir(), 'folio-research-bounds-'));
const T = { timeout: 120_000 };

async function serverWithStatutes(config: Parameters<typeof startTestServer>[0]): Promise<{ server: TestServer; key: string }> {
  const server = await startTestServer(config);
  const path = join(tmp, `dc-${Math.random().toString(36).slice(2)}.jsonl`);
  writeFileSync(path, sections.map((s) => JSON.stringify({ jurisdiction: 'DC', code: 'D.C. Code', section: s.sectionNumber, title: s.sectionNumber.split('-')[0], heading: s.heading, text: s.text, effective_from: '2020-01-01' })).join('\n') + '\n');
  await importStatutes({ db: server.opened.store.db, search: server.opened.statuteSearch }, { format: findImportFormat('jsonl')!, path, published: '2024-10-20' });
  const key = (await buildApiKey(server.deps, await buildTenant(server.deps), { scopes: ['statutes:read'] })).key;
  return { server, key };
}

const post = (server: TestServer, key: string, path: string, body: unknown) =>
  server.request(path, { method: 'POST', key, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** About 900 KB of real statute prose as one assertion. */
const hugeAssertion = (() => {
  const prose = sections.map((s) => s.text).join(' ');
  return prose.repeat(Math.ceil(900_000 / prose.length)).slice(0, 900_000);
})();

after(() => rmSync(tmp, { recursive: true, force: true }));

describe('bounded research text', () => {
  let server: TestServer;
  let key: string;
  before(async () => ({ server, key } = await serverWithStatutes({ config: { rateLimitDefault: 1_000_000 } })));
  after(() => server.close());

  test('a 900 KB assertion answers 200 and says only its start was analysed; /healthz answers while five run', T, async () => {
    const started = Date.now();
    const checks = Array.from({ length: 5 }, () => post(server, key, '/v1/check', { assertion: hugeAssertion, jurisdiction: 'DC' }));
    const healthStarted = Date.now();
    const health = await server.request('/healthz');
    const healthMs = Date.now() - healthStarted;
    assert.equal(health.status, 200);
    const responses = await Promise.all(checks);
    console.log(`five 900 KB checks: ${Date.now() - started} ms in all; /healthz answered in ${healthMs} ms meanwhile`);
    for (const response of responses) {
      assert.equal(response.status, 200);
      const body = (await response.json()) as { verdict: string; explanation: string };
      assert.match(body.explanation, /Only the first 2,000 characters of the assertion were analysed\.$/);
    }
  });

  test('a long question to ask and compare carries the same note; a short one none', T, async () => {
    const question = `What must a landlord do with a tenant's security deposit? ${hugeAssertion.slice(0, 50_000)}`;
    const asked = (await (await post(server, key, '/v1/ask', { question, jurisdiction: 'DC' })).json()) as { answer: string };
    assert.match(asked.answer, /Only the first 2,000 characters of the question were analysed\.$/);
    const compared = (await (await post(server, key, '/v1/compare', { question, jurisdictions: ['DC'] })).json()) as { results: Array<{ answer: string }> };
    assert.match(compared.results[0]!.answer, /Only the first 2,000 characters of the question were analysed\.$/);
    const short = (await (await post(server, key, '/v1/ask', { question: 'What must a landlord do with a security deposit?', jurisdiction: 'DC' })).json()) as { answer: string };
    assert.doesNotMatch(short.answer, /were analysed/);
  });
});

describe('research work pool', () => {
  let server: TestServer;
  let key: string;
  let fake: FakeOpenAi;
  before(async () => {
    // The model holds the first request in the pool (one slot, no queue) long enough to see the second shed.
    fake = await startFakeOpenAi([{ delayMs: 5000, then: { content: 'not json' } }]);
    ({ server, key } = await serverWithStatutes({
      config: { rateLimitDefault: 1_000_000, queryConcurrency: 1, queryQueueLimit: 0, llm: { baseUrl: fake.baseUrl, model: 'm', apiKey: 'k', timeoutMs: 30_000 } },
    }));
  });
  after(async () => {
    await server.close();
    await fake.close();
  });

  test('past its queue, research answers 503 Temporarily unavailable with Retry-After', T, async () => {
    const first = post(server, key, '/v1/ask', { question: 'What must a landlord do with a security deposit?', jurisdiction: 'DC' });
    while (fake.requests.length === 0) await new Promise((r) => setTimeout(r, 20)); // the first is in the pool, at the model
    const second = await post(server, key, '/v1/check', { assertion: 'A landlord must return a security deposit.', jurisdiction: 'DC' });
    assert.equal(second.status, 503);
    assert.deepEqual(await second.json(), { detail: 'Temporarily unavailable' });
    assert.ok(Number(second.headers.get('retry-after')) >= 1);
    assert.equal((await first).status, 200);
  });
});

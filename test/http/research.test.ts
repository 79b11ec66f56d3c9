import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { findImportFormat } from '../../src/modules/statutes/import/formats.js';
import { importStatutes } from '../../src/modules/statutes/import/import-statutes.js';
import { buildApiKey, buildTenant } from '../support/factories.js';
import { startTestServer, testClock, type TestServer } from '../support/test-server.js';

// Real D.C. Code sections (2024-10-20 publication), rendered by the project's importer.
const fixture = join(import.meta.dirname, '..', '..', 'src', 'modules', 'research', 'ask', '__fixtures__', 'dc-sections.json');
interface FixtureSection { citation: string; sectionNumber: string; heading: string; text: string }

let server: TestServer;
let key: string;
let texts: Map<string, string>;
const tmp = mkdtempSync(join(tmpdir(), 'folio-research-'));

before(async () => {
  server = await startTestServer({ clock: testClock(new Date('2026-03-01T12:00:00Z')) });
  const sections = JSON.parse(readFileSync(fixture, 'utf8')) as FixtureSection[];
  texts = new Map(sections.map((s) => [s.citation, s.text]));
  const jsonl = sections
    .map((s) => JSON.stringify({ jurisdiction: 'DC', code: 'D.C. Code', section: s.sectionNumber, title: s.sectionNumber.split('-')[0], heading: s.heading, text: s.text, effective_from: '2020-01-01' }))
    .join('\n');
  writeFileSync(join(tmp, 'dc.jsonl'), `${jsonl}\n`);
  await importStatutes({ db: server.opened.store.db, search: server.opened.statuteSearch }, { format: findImportFormat('jsonl')!, path: join(tmp, 'dc.jsonl'), published: '2024-10-20' });
  key = (await buildApiKey(server.deps, await buildTenant(server.deps), { scopes: ['statutes:read'] })).key;
});
after(async () => {
  await server.close();
  rmSync(tmp, { recursive: true, force: true });
});

function post(path: string, body: unknown, as = key) {
  return server.request(path, { method: 'POST', key: as, headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });
}

async function expectError(response: Response, status: number, detail?: RegExp) {
  assert.equal(response.status, status);
  const body = (await response.json()) as { detail: unknown };
  assert.deepEqual(Object.keys(body), ['detail']);
  assert.equal(typeof body.detail, 'string');
  if (detail) assert.match(String(body.detail), detail);
}

interface Citation { code: string; section_number: string; section_title: string; quote: string; effective_as_of: string; status: string }

function assertVerbatim(citations: Array<Pick<Citation, 'code' | 'quote'>>) {
  assert.ok(citations.length >= 1, 'at least one citation');
  for (const c of citations) assert.ok(texts.get(c.code)?.includes(c.quote), `quote of ${c.code} is verbatim`);
}

describe('POST /v1/ask', () => {
  test('a cited answer from the section that answers the question', async () => {
    const response = await post('/v1/ask', { question: 'How long does someone have to bring a libel suit in D.C.?', jurisdiction: 'DC' });
    assert.equal(response.status, 200);
    const body = (await response.json()) as { answer: string; citations: Citation[]; jurisdiction: string; confidence: string };
    assert.deepEqual(Object.keys(body).sort(), ['answer', 'citations', 'confidence', 'jurisdiction']);
    assert.equal(body.jurisdiction, 'DC');
    assert.equal(body.citations[0]?.code, 'D.C. Code § 12-301');
    assert.match(body.answer, /1 year/);
    assert.ok(['HIGH', 'MEDIUM', 'LOW'].includes(body.confidence));
    assertVerbatim(body.citations);
    assert.deepEqual(Object.keys(body.citations[0] ?? {}).sort(), ['code', 'effective_as_of', 'quote', 'section_number', 'section_title', 'status']);
    assert.equal(body.citations[0]?.effective_as_of, '2020-01-01');
    assert.equal(body.citations[0]?.status, 'CURRENT');
  });

  test('a question that cites a section answers from it first', async () => {
    const body = (await (await post('/v1/ask', { question: 'What does D.C. Code § 16-902 require?', jurisdiction: 'dc' })).json()) as { citations: Citation[] };
    assert.equal(body.citations[0]?.code, 'D.C. Code § 16-902');
    assertVerbatim(body.citations);
  });

  test('nothing relevant: says so, LOW, and still cites the nearest sections', async () => {
    const body = (await (await post('/v1/ask', { question: 'What are the rules for launching satellites into orbit?', jurisdiction: 'DC' })).json()) as { answer: string; citations: Citation[]; confidence: string };
    assert.equal(body.confidence, 'LOW');
    assert.match(body.answer, /no provision/i);
    assertVerbatim(body.citations);
  });

  test('as_of before any version is in force: still cited, as not yet effective', async () => {
    const body = (await (await post('/v1/ask', { question: 'How long to sue for libel?', jurisdiction: 'DC', as_of: '2019-06-01' })).json()) as { citations: Citation[]; confidence: string };
    assert.ok(body.citations.length >= 1);
    assert.equal(body.citations[0]?.status, 'NOT_YET_EFFECTIVE');
    assertVerbatim(body.citations);
  });

  test('errors: 400 for missing or empty fields, malformed JSON and dates; 422 for unsupported jurisdictions', async () => {
    await expectError(await post('/v1/ask', { jurisdiction: 'DC' }), 400, /question/);
    await expectError(await post('/v1/ask', { question: '   ', jurisdiction: 'DC' }), 400, /question/);
    await expectError(await post('/v1/ask', { question: 'x' }), 400, /jurisdiction/);
    await expectError(await post('/v1/ask', { question: 'x', jurisdiction: '' }), 400, /jurisdiction/);
    await expectError(await post('/v1/ask', { question: 'x', jurisdiction: 'California' }), 400, /two-letter/);
    await expectError(await post('/v1/ask', '{"question": "x", '), 400);
    await expectError(await post('/v1/ask', { question: 'x', jurisdiction: 'DC', as_of: '2024-02-30' }), 400, /as_of/);
    await expectError(await post('/v1/ask', { question: 'x', jurisdiction: 'DC', as_of: 'yesterday' }), 400, /as_of/);
    await expectError(await post('/v1/ask', { question: 42, jurisdiction: 'DC' }), 400, /question/);
    await expectError(await post('/v1/ask', { question: 'x', jurisdiction: 'CA' }), 422, /CA/);
    await expectError(await post('/v1/ask', { question: 'x', jurisdiction: 'ZZ' }), 422, /ZZ/);
  });

  test('scope statutes:read is required; a missing key is 401', async () => {
    const other = await buildApiKey(server.deps, await buildTenant(server.deps), { scopes: ['workspaces:read'] });
    await expectError(await post('/v1/ask', { question: 'x', jurisdiction: 'DC' }, other.key), 403, /^Missing required scope: statutes:read$/);
    const response = await server.request('/v1/ask', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    await expectError(response, 401, /^Invalid or missing API key$/);
  });
});

describe('POST /v1/compare', () => {
  test('results in the request order, one entry per jurisdiction, each cited', async () => {
    const response = await post('/v1/compare', { question: 'How many witnesses must attest a will?', jurisdictions: ['DC'] });
    assert.equal(response.status, 200);
    const body = (await response.json()) as { results: Array<{ jurisdiction: string; answer: string; citations: Citation[] }> };
    assert.deepEqual(body.results.map((r) => r.jurisdiction), ['DC']);
    // confidence is an extension (issue 10): computed as for ask.
    assert.deepEqual(Object.keys(body.results[0] ?? {}).sort(), ['answer', 'citations', 'confidence', 'jurisdiction']);
    assert.equal(body.results[0]?.citations[0]?.code, 'D.C. Code § 18-103');
    assertVerbatim(body.results[0]?.citations ?? []);
  });

  test('errors: empty, too many, duplicates and malformed are 400; an unsupported code is 422 naming it', async () => {
    await expectError(await post('/v1/compare', { question: 'x', jurisdictions: [] }), 400);
    await expectError(await post('/v1/compare', { question: 'x' }), 400, /jurisdictions/);
    await expectError(await post('/v1/compare', { jurisdictions: ['DC'] }), 400, /question/);
    const codes = Object.keys((await import('../../src/modules/research/jurisdictions.js')).JURISDICTION_NAMES);
    await expectError(await post('/v1/compare', { question: 'x', jurisdictions: [...codes, 'XA', 'XB', 'XC', 'XD', 'XE', 'XF', 'XG', 'XH', 'XI', 'XJ'].slice(0, 61) }), 400, /60/);
    await expectError(await post('/v1/compare', { question: 'x', jurisdictions: ['DC', 'DC'] }), 400, /distinct/);
    await expectError(await post('/v1/compare', { question: 'x', jurisdictions: ['DC', 'VA'] }), 422, /VA/);
  });
});

describe('POST /v1/check', () => {
  const checkBody = async (assertion: string) => {
    const response = await post('/v1/check', { assertion, jurisdiction: 'DC' });
    assert.equal(response.status, 200);
    return (await response.json()) as { verdict: string; explanation: string; citations: Array<Record<string, string>> };
  };

  test('a faithful assertion is SUPPORTED, citing in the reduced form', async () => {
    const body = await checkBody('In D.C., an action for libel must be brought within 1 year.');
    assert.equal(body.verdict, 'SUPPORTED');
    assert.equal(body.citations[0]?.code, 'D.C. Code § 12-301');
    assert.deepEqual(Object.keys(body.citations[0] ?? {}).sort(), ['code', 'effective_as_of', 'quote', 'status']);
    assertVerbatim(body.citations as unknown as Citation[]);
    assert.ok(body.explanation.length > 0);
  });

  test('a loose paraphrase whose figure the retrieved section states is SUPPORTED (16-902)', async () => {
    // NO_MATCH at the former bar for retrieved provisions (0.35 of its weighted words).
    const body = await checkBody('To get divorced in D.C., one spouse must have lived in the District for at least 6 months.');
    assert.equal(body.verdict, 'SUPPORTED');
    assert.equal(body.citations[0]?.code, 'D.C. Code § 16-902');
    // Named by its most specific matched figure, not the bare "one" it also matches.
    assert.match(body.explanation, /"at least 6 months"/);
    assertVerbatim(body.citations as unknown as Citation[]);
  });

  test('a changed period is CONTRADICTED, and the explanation names the deciding words', async () => {
    const body = await checkBody('In D.C., an action for libel may be brought within 3 years.');
    assert.equal(body.verdict, 'CONTRADICTED');
    assert.match(body.explanation, /3 years|1 year/);
    assertVerbatim(body.citations as unknown as Citation[]);
  });

  test('an assertion on a topic the corpus does not address is NO_MATCH, still cited', async () => {
    const body = await checkBody('Commercial drone pilots must register their aircraft with the city.');
    assert.equal(body.verdict, 'NO_MATCH');
    assert.ok(body.citations.length >= 1);
  });

  test('errors', async () => {
    await expectError(await post('/v1/check', { jurisdiction: 'DC' }), 400, /assertion/);
    await expectError(await post('/v1/check', { assertion: 'x', jurisdiction: 'NY' }), 422, /NY/);
  });
});

test('OpenAPI lists the research paths', async () => {
  const doc = (await (await server.request('/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
  for (const path of ['/v1/ask', '/v1/compare', '/v1/check']) assert.ok(doc.paths[path]?.post, path);
});

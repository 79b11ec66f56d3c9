import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { findImportFormat } from '../../src/modules/statutes/import/formats.js';
import { importStatutes } from '../../src/modules/statutes/import/import-statutes.js';
import { buildApiKey, buildTenant } from '../support/factories.js';
import { startFakeOpenAi, type FakeOpenAi, type FakeReply } from '../support/fake-openai.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { upload, waitForStatus } from '../support/uploads.js';

// The fake stands in only for the remote model; everything else is the real server.
const fixture = join(import.meta.dirname, '..', '..', 'src', 'modules', 'research', 'ask', '__fixtures__', 'dc-sections.json');
const sections = JSON.parse(readFileSync(fixture, 'utf8')) as Array<{ citation: string; sectionNumber: string; heading: string; text: string }>;
const limitations = sections.find((s) => s.citation === 'D.C. Code § 12-301')!;
const libelLine = limitations.text.split('\n').find((l) => l.includes('libel')) ?? '';

let fake: FakeOpenAi;
let server: TestServer;
let key: string;
let workspaceId = 0;
const script: FakeReply[] = [];
const tmp = mkdtempSync(join(tmpdir(), 'folio-model-'));

before(async () => {
  fake = await startFakeOpenAi(script);
  // Through a real answering thread: the model's network calls and their guard run there.
  server = await startTestServer({ config: { queryThreads: 1, llm: { baseUrl: fake.baseUrl, model: 'test-model', apiKey: 'sk-test', timeoutMs: 30_000 } } });
  writeFileSync(join(tmp, 'dc.jsonl'), sections.map((s) => JSON.stringify({ jurisdiction: 'DC', code: 'D.C. Code', section: s.sectionNumber, title: s.sectionNumber.split('-')[0], heading: s.heading, text: s.text, effective_from: '2020-01-01' })).join('\n') + '\n');
  await importStatutes({ db: server.opened.store.db, search: server.opened.statuteSearch }, { format: findImportFormat('jsonl')!, path: join(tmp, 'dc.jsonl'), published: '2024-10-20' });
  const tenant = await buildTenant(server.deps);
  key = (await buildApiKey(server.deps, tenant)).key;
  workspaceId = tenant.workspace.id;
});
after(async () => {
  await server.close();
  await fake.close();
  rmSync(tmp, { recursive: true, force: true });
});

const post = (path: string, body: unknown) =>
  server.request(path, { method: 'POST', key, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('a configured model, under the guard', () => {
  test('ask: the model writes the answer, and its quote is verified verbatim', async () => {
    script.splice(0, script.length, {
      content: JSON.stringify({ answer: 'A libel action must be brought within one year (D.C. Code § 12-301).', citations: [{ code: 'D.C. Code § 12-301', quote: libelLine.slice(4, 60) }], confidence: 'HIGH' }),
    });
    const body = (await (await post('/v1/ask', { question: 'How long to sue for libel in D.C.?', jurisdiction: 'DC' })).json()) as { answer: string; citations: Array<{ code: string; quote: string }> };
    assert.match(body.answer, /within one year/);
    assert.equal(body.citations[0]?.code, 'D.C. Code § 12-301');
    assert.ok(limitations.text.includes(body.citations[0]?.quote ?? '\u0000'));
    assert.equal((fake.requests.at(-1)?.body as { model: string }).model, 'test-model');
  });

  test('ask: a fabricated quote and a section it never saw send the built-in answer instead', async () => {
    script.splice(0, script.length, {
      content: JSON.stringify({ answer: 'Under D.C. Code § 99-999, libel claims never expire.', citations: [{ code: 'D.C. Code § 99-999', quote: 'libel claims never expire' }], confidence: 'HIGH' }),
    });
    const body = (await (await post('/v1/ask', { question: 'How long to sue for libel in D.C.?', jurisdiction: 'DC' })).json()) as { answer: string; citations: Array<{ code: string; quote: string }> };
    assert.doesNotMatch(body.answer, /never expire/);
    assert.equal(body.citations[0]?.code, 'D.C. Code § 12-301');
    for (const c of body.citations) assert.ok(sections.some((s) => s.citation === c.code && s.text.includes(c.quote)));
  });

  test('check: a model failure keeps the built-in verdict', async () => {
    script.splice(0, script.length, { status: 500, body: 'upstream error' });
    const body = (await (await post('/v1/check', { assertion: 'In D.C., an action for libel may be brought within 3 years.', jurisdiction: 'DC' })).json()) as { verdict: string };
    assert.equal(body.verdict, 'CONTRADICTED');
  });

  test('workspace query: a tag naming a file that was not retrieved is removed with its sentence', async () => {
    const contract = 'GOVERNING LAW. This Agreement shall be governed by the laws of the State of Delaware.';
    const { file_id: fileId } = (await (await upload(server, workspaceId, key, contract, { fileName: 'Acme Supply Agreement.txt' })).json()) as { file_id: number };
    await waitForStatus(server, workspaceId, fileId, key, 120_000); // ask a ready file, however slow the machine
    script.splice(0, script.length, {
      content: `The agreement is governed by Delaware law. <<file_id = ${fileId}>> It also waives jury trial. <<file_id = 999999>>`,
    });
    const body = (await (await post(`/v1/workspaces/${workspaceId}/query`, { question: 'Which law governs the supply agreement?' })).json()) as { answer: string; citations: number[] };
    assert.deepEqual(body.citations, [fileId]);
    assert.match(body.answer, /Delaware/);
    assert.doesNotMatch(body.answer, /jury/);
  });
});

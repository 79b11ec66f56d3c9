import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createInProcessAnswerWork } from '../../src/answering/answer-work.js';
import { buildAnsweringDeps } from '../../src/answering/answering-deps.js';
import { createThreadedAnswerWork, type ThreadedAnswerWork } from '../../src/answering/threaded-answer-work.js';
import { loadConfig } from '../../src/config/config.js';
import { findImportFormat } from '../../src/modules/statutes/import/formats.js';
import { importStatutes } from '../../src/modules/statutes/import/import-statutes.js';
import { buildApiKey, buildTenant } from '../support/factories.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { upload, waitForStatus } from '../support/uploads.js';

/*
 * Workspace queries and statute research through real answering threads (one thread, with the
 * test hooks of answering-hooks.worker.ts), compared with the same use cases run in this thread.
 */
const fixture = join(import.meta.dirname, '..', '..', 'src', 'modules', 'research', 'ask', '__fixtures__', 'dc-sections.json');
const sections = JSON.parse(readFileSync(fixture, 'utf8')) as Array<{ citation: string; sectionNumber: string; heading: string; text: string }>;

// Abridged from CUAD contracts (public EDGAR filings).
const supply = `SUPPLY AGREEMENT

This Supply Agreement is entered into between Bellicum Pharmaceuticals, Inc. ("Bellicum") and Miltenyi Biotec GmbH ("Supplier").

12.1 Governing Law. This Agreement shall be governed by and construed in accordance with the laws of the State of New York, without regard to its conflict of laws principles.
`;
const endorsement = `ENDORSEMENT AGREEMENT

This Endorsement Agreement is made between Adams Golf, Ltd. ("Adams Golf") and Tom Watson ("Player").

14. Governing Law. This Agreement shall be construed under the laws of the State of Kansas.
`;

const dataDir = mkdtempSync(join(tmpdir(), 'folio-threads-'));
const tmp = mkdtempSync(join(tmpdir(), 'folio-threads-src-'));
const logged: Array<{ level: string; obj: Record<string, unknown>; msg: string }> = [];
const log = Object.fromEntries(['info', 'warn', 'error'].map((level) => [level, (obj: Record<string, unknown>, msg: string) => void logged.push({ level, obj, msg })])) as unknown as Parameters<typeof createThreadedAnswerWork>[1];
// No queue: a query arriving while the one thread is busy is shed at once (admission in front of the threads).
const config = loadConfig({}, { dataDir, logLevel: 'silent', port: 0, queryThreads: 1, queryQueueLimit: 0 });
let answering: ThreadedAnswerWork;
let server: TestServer;
let key: string;
let workspaceId = 0;
let supplyId = 0;
let endorsementId = 0;

const jsonl = (jurisdiction: string) =>
  sections.map((s) => JSON.stringify({ jurisdiction, code: `${jurisdiction} Code`, section: s.sectionNumber, title: s.sectionNumber.split('-')[0], heading: s.heading, text: s.text, effective_from: '2020-01-01' })).join('\n') + '\n';

async function importCorpus(jurisdiction: string) {
  writeFileSync(join(tmp, `${jurisdiction}.jsonl`), jsonl(jurisdiction));
  await importStatutes({ db: server.opened.store.db, search: server.opened.statuteSearch }, { format: findImportFormat('jsonl')!, path: join(tmp, `${jurisdiction}.jsonl`), published: '2024-10-20' });
}

/** The same use cases on this thread, over the server's own connection: what the threads must agree with. */
const local = () =>
  createInProcessAnswerWork(buildAnsweringDeps({ store: server.opened.store, passages: server.documents.passages, statuteSearch: server.opened.statuteSearch }, config, log));

const post = (path: string, body: unknown) => server.request(path, { method: 'POST', key, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const query = (question: string) => post(`/v1/workspaces/${workspaceId}/query`, { question });

before(async () => {
  answering = createThreadedAnswerWork(config, log, { entry: new URL('../support/answering-hooks.worker.ts', import.meta.url) });
  server = await startTestServer({ dataDir, config, extraDeps: { answering } });
  await importCorpus('DC');
  const tenant = await buildTenant(server.deps);
  workspaceId = tenant.workspace.id;
  key = (await buildApiKey(server.deps, tenant)).key;
  supplyId = ((await (await upload(server, workspaceId, key, supply, { fileName: 'Bellicum Supply Agreement.txt' })).json()) as { file_id: number }).file_id;
  endorsementId = ((await (await upload(server, workspaceId, key, endorsement, { fileName: 'Adams Golf Endorsement Agreement.txt' })).json()) as { file_id: number }).file_id;
  for (const id of [supplyId, endorsementId]) await waitForStatus(server, workspaceId, id, key, 120_000);
});
after(async () => {
  await server.close();
  rmSync(tmp, { recursive: true, force: true });
});

describe('answering on worker threads', () => {
  test('a workspace query answers from the thread exactly as on the event loop', async () => {
    const question = 'Which law governs the Bellicum supply agreement?';
    const response = await query(question);
    assert.equal(response.status, 200);
    const body = (await response.json()) as { answer: string; citations: number[] };
    assert.deepEqual(body.citations, [supplyId]);
    assert.deepEqual(body, await local().query(workspaceId, question));
    assert.equal(answering.stats().threads, 1);
  });

  test('ask, check and compare answer from the thread exactly as on the event loop', async () => {
    const asOf = '2025-01-01';
    const askInput = { question: 'How long does someone have to bring a libel suit in D.C.?', jurisdiction: 'DC', asOf };
    const asked = await post('/v1/ask', { question: askInput.question, jurisdiction: 'DC', as_of: asOf });
    assert.equal(asked.status, 200);
    assert.deepEqual(await asked.json(), await local().ask(askInput));

    const checkInput = { assertion: 'In D.C., an action for libel may be brought within 3 years.', jurisdiction: 'DC', asOf };
    const checked = await post('/v1/check', { assertion: checkInput.assertion, jurisdiction: 'DC', as_of: asOf });
    assert.equal(checked.status, 200);
    const verdict = (await checked.json()) as { verdict: string };
    assert.deepEqual(verdict, await local().check(checkInput));
    assert.equal(verdict.verdict, 'CONTRADICTED');

    const compared = await post('/v1/compare', { question: askInput.question, jurisdictions: ['DC'], as_of: asOf });
    assert.equal(compared.status, 200);
    assert.deepEqual(await compared.json(), await local().compare({ question: askInput.question, jurisdictions: ['DC'], asOf }));
  });

  test('errors raised in the thread reach the error handler as the same values', async () => {
    const unsupported = await post('/v1/ask', { question: 'What is the statute of limitations for libel?', jurisdiction: 'ZZ' });
    assert.equal(unsupported.status, 422);
    assert.deepEqual(await unsupported.json(), { detail: 'Jurisdiction not supported: ZZ' });
    const duplicate = await post('/v1/compare', { question: 'libel limitations', jurisdictions: ['DC', 'DC'] });
    assert.equal(duplicate.status, 400);
    assert.deepEqual(await duplicate.json(), { detail: 'Jurisdictions must be distinct: DC is listed twice' });
  });

  test('a deleted file is never cited by the thread afterwards', async () => {
    const question = 'Which law governs the Adams Golf endorsement agreement?';
    const before = (await (await query(question)).json()) as { citations: number[] };
    assert.deepEqual(before.citations, [endorsementId]);
    const deleted = await server.request(`/v1/workspaces/${workspaceId}/documents/${endorsementId}`, { method: 'DELETE', key });
    assert.ok(deleted.status === 200 || deleted.status === 204, `delete answered ${deleted.status}`);
    const afterDelete = (await (await query(question)).json()) as { answer: string; citations: number[] };
    assert.ok(!afterDelete.citations.includes(endorsementId), 'the deleted file is not cited');
    assert.doesNotMatch(afterDelete.answer, /Kansas/);
  });

  test('statutes imported while the server runs are seen by the thread at once', async () => {
    const question = { question: 'How long does someone have to bring a libel suit?', jurisdiction: 'VA', as_of: '2025-01-01' };
    assert.equal((await post('/v1/ask', question)).status, 422);
    await importCorpus('VA');
    const response = await post('/v1/ask', question);
    assert.equal(response.status, 200);
    const body = (await response.json()) as { jurisdiction: string; citations: Array<{ code: string }> };
    assert.equal(body.jurisdiction, 'VA');
    assert.match(body.citations[0]?.code ?? '', /^VA Code/);
  });

  test('a query arriving while the thread is busy and the queue is full answers 503 with Retry-After', async () => {
    const release = join(tmp, 'release-hold');
    const held = query(`Which law governs? HOLD:${release}`);
    // Wait until the held query occupies the thread.
    while (answering.stats().running === 0) await new Promise((r) => setTimeout(r, 10));
    const shed = await query('Which law governs the supply agreement?');
    assert.equal(shed.status, 503);
    assert.equal(shed.headers.get('retry-after'), '1');
    assert.deepEqual(await shed.json(), { detail: 'Temporarily unavailable' });
    writeFileSync(release, '');
    assert.equal((await held).status, 200);
  });

  test('a thread that dies mid-request answers 503, is logged, and is replaced', async () => {
    logged.length = 0;
    const crashed = await query('Which law governs? CRASH-THREAD');
    assert.equal(crashed.status, 503);
    assert.equal(crashed.headers.get('retry-after'), '1');
    assert.deepEqual(await crashed.json(), { detail: 'Temporarily unavailable' });
    const line = logged.find((l) => l.level === 'error');
    assert.ok(line, 'the death is logged');
    assert.match(line.msg, /answering thread died/);
    assert.equal(line.obj.tasksLost, 1);
    const next = await query('Which law governs the Bellicum supply agreement?');
    assert.equal(next.status, 200);
    assert.deepEqual(((await next.json()) as { citations: number[] }).citations, [supplyId]);
    assert.equal(answering.stats().threads, 1);
  });

  test('closing the server stops the threads', async () => {
    const other = createThreadedAnswerWork({ ...config, queryThreads: 2 }, log);
    const second = await startTestServer({ config: { queryThreads: 2 }, extraDeps: { answering: other } });
    // The threads start with the server (onReady), not with the first request.
    assert.equal(other.stats().threads, 2);
    await second.close();
    assert.deepEqual(other.stats(), { threads: 0, running: 0, waiting: 0 });
  });
});

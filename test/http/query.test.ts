import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { extractTagIds } from '../../src/modules/query/citation-tags.js';
import { buildApiKey, buildTenant, buildWorkspace, type Tenant } from '../support/factories.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { upload, waitForStatus } from '../support/uploads.js';

// Abridged from CUAD contracts (public EDGAR filings).
const supply = `SUPPLY AGREEMENT

This Supply Agreement is entered into between Bellicum Pharmaceuticals, Inc. ("Bellicum") and Miltenyi Biotec GmbH ("Supplier").

12.1 Governing Law. This Agreement shall be governed by and construed in accordance with the laws of the State of New York, without regard to its conflict of laws principles.

12.2 Notices. All notices under this Agreement shall be in writing and delivered by courier to the addresses set forth above.
`;
const endorsement = `ENDORSEMENT AGREEMENT

This Endorsement Agreement is made between Adams Golf, Ltd. ("Adams Golf") and Tom Watson ("Player").

7. Term. The term of this Agreement shall commence on January 1, 1999 and end on December 31, 2002.

14. Governing Law. This Agreement shall be construed under the laws of the State of Kansas.
`;

let server: TestServer;
let tenant: Tenant;
let key: string;
let supplyId = 0;
let endorsementId = 0;

async function ask(workspaceId: number, body: unknown, k = key): Promise<Response> {
  return server.request(`/v1/workspaces/${workspaceId}/query`, {
    method: 'POST',
    key: k,
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** The contract's rules on every answer: tags exactly as specified, citations = tag ids in order. */
function assertConsistent(body: { answer: string; citations: number[] }, allowed: number[]) {
  assert.deepEqual(body.citations, extractTagIds(body.answer));
  for (const id of body.citations) assert.ok(allowed.includes(id), `cites only this workspace's ready files (${id})`);
  for (const tag of body.answer.match(/<<[^>]*>>/g) ?? []) assert.match(tag, /^<<file_id = \d+>>$/);
}

before(async () => {
  server = await startTestServer();
  tenant = await buildTenant(server.deps);
  key = (await buildApiKey(server.deps, tenant)).key;
  supplyId = ((await (await upload(server, tenant.workspace.id, key, supply, { fileName: 'BELLICUMPHARMACEUTICALS_05_07_2019-EX-10.1-Supply Agreement.txt' })).json()) as { file_id: number }).file_id;
  endorsementId = ((await (await upload(server, tenant.workspace.id, key, endorsement, { fileName: 'ADAMSGOLFINC_03_21_2005-EX-10.17-ENDORSEMENT AGREEMENT.txt' })).json()) as { file_id: number }).file_id;
  // Questions are asked of ready files: wait for that state (a busy machine ingests slower than the upload waits).
  for (const id of [supplyId, endorsementId]) await waitForStatus(server, tenant.workspace.id, id, key, 120_000);
});
after(() => server.close());

describe('POST /v1/workspaces/{id}/query', () => {
  test('answers from the right one of several files, citing it after the sentence', async () => {
    const response = await ask(tenant.workspace.id, { question: 'Which state law governs the Adams Golf endorsement agreement?' });
    assert.equal(response.status, 200);
    const body = (await response.json()) as { answer: string; citations: number[] };
    assertConsistent(body, [supplyId, endorsementId]);
    assert.equal(body.citations[0], endorsementId);
    assert.match(body.answer, /Kansas/);
    assert.match(body.answer, new RegExp(`Kansas[^<]*<<file_id = ${endorsementId}>>`));
  });

  test('names the other document when the question does', async () => {
    const body = (await (await ask(tenant.workspace.id, { question: 'What law governs the Bellicum supply agreement?' })).json()) as { answer: string; citations: number[] };
    assertConsistent(body, [supplyId, endorsementId]);
    assert.equal(body.citations[0], supplyId);
    assert.match(body.answer, /New York/);
  });

  test('a question naming a contract and a clause: the direct answer first, the clause quoted, the title from the heading and parties', async () => {
    const response = await ask(tenant.workspace.id, { question: 'Which law governs the Bellicum supply agreement with Miltenyi?' });
    assert.equal(response.status, 200);
    const body = (await response.json()) as { answer: string; citations: number[] };
    assertConsistent(body, [supplyId, endorsementId]);
    assert.equal(body.citations[0], supplyId);
    assert.match(body.answer, /^Governing law: New York\. <<file_id = \d+>>/);
    assert.match(body.answer, /In the Supply Agreement between Bellicum Pharmaceuticals and Miltenyi Biotec: This Agreement shall be governed by and construed in accordance with the laws of the State of New York, without regard to its conflict of laws principles\./);
  });

  test('a named contract without the clause: said plainly, citing that contract', async () => {
    const response = await ask(tenant.workspace.id, { question: 'Is liability capped under the Adams Golf endorsement agreement?' });
    const body = (await response.json()) as { answer: string; citations: number[] };
    assertConsistent(body, [supplyId, endorsementId]);
    assert.deepEqual(body.citations, [endorsementId]);
    assert.match(body.answer, /^The Endorsement Agreement .*has no clause on cap on liability/);
  });

  test('a question the workspace does not answer says so, with no citations', async () => {
    const body = (await (await ask(tenant.workspace.id, { question: 'What is the boiling point of mercury at sea level?' })).json()) as { answer: string; citations: number[] };
    assert.deepEqual(body.citations, []);
    assert.match(body.answer, /do not answer/i);
  });

  test('an empty workspace answers plainly', async () => {
    const ws = await buildWorkspace(server.deps, tenant);
    const body = (await (await ask(ws.id, { question: 'What is the governing law?' })).json()) as { answer: string; citations: number[] };
    assert.deepEqual(body, { answer: 'The documents in this workspace do not answer this question.', citations: [] });
  });

  test('validation: empty, whitespace-only, over-long, missing, wrong type, malformed JSON', async () => {
    const cases: Array<[unknown, string, unknown[]]> = [
      [{ question: '' }, 'string_too_short', ['body', 'question']],
      [{ question: '   \n\t ' }, 'string_too_short', ['body', 'question']],
      [{ question: 'x'.repeat(8001) }, 'string_too_long', ['body', 'question']],
      [{}, 'missing', ['body', 'question']],
      [{ question: 42 }, 'string_type', ['body', 'question']],
      [['question'], 'model_attributes_type', ['body']],
    ];
    for (const [body, type, loc] of cases) {
      const response = await ask(tenant.workspace.id, body);
      assert.equal(response.status, 422, JSON.stringify(body).slice(0, 40));
      const detail = ((await response.json()) as { detail: Array<{ type: string; loc: unknown[] }> }).detail;
      assert.equal(detail[0]?.type, type);
      assert.deepEqual(detail[0]?.loc, loc);
    }
    const padded = await ask(tenant.workspace.id, { question: `  ${'governing law '.repeat(571)}  ` });
    assert.equal(padded.status, 200, 'the limit applies after trimming');
    const malformed = await ask(tenant.workspace.id, '{"question": ');
    assert.equal(malformed.status, 422);
    assert.equal(((await malformed.json()) as { detail: Array<{ type: string }> }).detail[0]?.type, 'json_invalid');
  });

  test('scope and workspace checks; validation comes before workspace access', async () => {
    const readOnly = await buildApiKey(server.deps, tenant, { scopes: ['workspaces:read'] });
    const denied = await ask(tenant.workspace.id, { question: 'governing law?' }, readOnly.key);
    assert.equal(denied.status, 403);
    assert.deepEqual(await denied.json(), { detail: 'Missing required scope: query:run' });
    const other = await buildTenant(server.deps);
    const foreign = await ask(other.workspace.id, { question: 'governing law?' });
    assert.equal(foreign.status, 403);
    assert.deepEqual(await foreign.json(), { detail: 'Workspace not accessible' });
    assert.equal((await ask(other.workspace.id, { question: '' })).status, 422);
  });

  test('another tenant\'s files are never cited', async () => {
    const other = await buildTenant(server.deps);
    const otherKey = (await buildApiKey(server.deps, other)).key;
    const { file_id: otherId } = (await (await upload(server, other.workspace.id, otherKey, endorsement.replace('Kansas', 'Ohio'), { fileName: 'ADAMSGOLFINC_03_21_2005-EX-10.17-ENDORSEMENT AGREEMENT.txt' })).json()) as { file_id: number };
    await waitForStatus(server, other.workspace.id, otherId, otherKey, 120_000);
    const body = (await (await ask(tenant.workspace.id, { question: 'Which state law governs the Adams Golf endorsement agreement?' })).json()) as { answer: string; citations: number[] };
    assertConsistent(body, [supplyId, endorsementId]);
    assert.doesNotMatch(body.answer, /Ohio/);
  });
});

test('a saturated query pool answers 503 with Retry-After', async () => {
  // An engine that takes its time, so requests overlap deterministically.
  const slow = { name: 'slow', answer: async () => { await new Promise((r) => setTimeout(r, 300)); return { answer: '', citations: [] }; } };
  const local = await startTestServer({ config: { queryConcurrency: 1, queryQueueLimit: 1 }, engine: slow });
  try {
    const t = await buildTenant(local.deps);
    const k = (await buildApiKey(local.deps, t)).key;
    const send = () =>
      local.request(`/v1/workspaces/${t.workspace.id}/query`, { method: 'POST', key: k, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ question: 'governing law?' }) });
    const statuses = (await Promise.all(Array.from({ length: 8 }, send))).map((r) => r.status);
    assert.ok(statuses.includes(200));
    assert.ok(statuses.includes(503), `some requests are shed: ${statuses.join(',')}`);
    const shed = (await Promise.all(Array.from({ length: 4 }, send))).find((r) => r.status === 503);
    assert.ok(shed);
    assert.deepEqual(await shed.json(), { detail: 'Temporarily unavailable' });
    assert.ok(Number(shed.headers.get('retry-after')) >= 1);
  } finally {
    await local.close();
  }
});

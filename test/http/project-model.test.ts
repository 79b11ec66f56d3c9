import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { buildApiKey, buildTenant, type Tenant } from '../support/factories.js';
import { startFakeOpenAi, type FakeOpenAi, type FakeReply } from '../support/fake-openai.js';
import { call, fixtureText, waitForCells } from '../support/projects.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { upload, waitForStatus } from '../support/uploads.js';

// The fake stands in only for the remote model; the server, its database and the runner are real.
// It answers each cell from the prompt it receives, as a model would: by the question it is asked
// and the numbered excerpts it is shown.
const excerptNumber = (prompt: string, words: string): number | undefined => {
  const line = prompt.split('\n').find((l) => /^\[\d+\]/.test(l) && l.includes(words));
  return line ? Number(/^\[(\d+)\]/.exec(line)?.[1]) : undefined;
};
function respond(body: unknown): FakeReply {
  const prompt = (body as { messages: Array<{ content: string }> }).messages.at(-1)?.content ?? '';
  const governing = excerptNumber(prompt, 'laws of the State of California');
  const json = (value: unknown, sentences: Array<number | undefined>) => ({ content: JSON.stringify({ value, sentences }) });
  // A trimmed quote: only the model writes this, the extractive engine cites whole sentences.
  if (prompt.includes('Question: What law governs the agreement?')) return json('the laws of the State of California', [governing]);
  // A state the excerpt does not name: the guard must turn it away.
  if (prompt.includes('Question: Which state governs disputes?')) return json('Delaware', [governing]);
  if (prompt.includes('Question: When does the term expire?')) return { status: 503, body: 'model overloaded' };
  return { content: 'I am not sure.' };
}

let fake: FakeOpenAi;
let server: TestServer;
let tenant: Tenant;
let key: string;

before(async () => {
  fake = await startFakeOpenAi(respond);
  server = await startTestServer({ config: { llm: { baseUrl: fake.baseUrl, model: 'cell-model', apiKey: '', timeoutMs: 30_000 } } });
  tenant = await buildTenant(server.deps);
  key = (await buildApiKey(server.deps, tenant, { scopes: ['workspaces:read', 'documents:read', 'documents:write', 'query:run', 'projects:write'], rateLimit: 1_000_000 })).key;
});
after(async () => {
  await server.close();
  await fake.close();
});

test('a configured model answers cells under the guard, and the extractive engine answers whenever it fails or is turned away', async () => {
  const ws = tenant.workspace.id;
  const { file_id: fileId } = (await (await upload(server, ws, key, fixtureText('wpt-zynga-license.txt'), { fileName: 'wpt-zynga-license.txt' })).json()) as { file_id: number };
  assert.equal((await waitForStatus(server, ws, fileId, key)).status, 'ready');
  const base = `/v1/workspaces/${ws}/projects`;
  const projectId = ((await call(server, key, 'POST', base, { name: 'Model review' })).body as { id: number }).id;
  const rowId = ((await call(server, key, 'POST', `${base}/${projectId}/rows`, { uploaded_file_ids: [fileId] })).body as { row_id: number }).row_id;
  const columns: Record<string, number> = {};
  for (const [title, query, structure] of [
    ['Law (model)', 'What law governs the agreement?', 'text'],
    ['Law (rejected)', 'Which state governs disputes?', 'jurisdiction'],
    ['Expiry (model down)', 'When does the term expire?', 'date'],
  ] as const) {
    const column = await call(server, key, 'POST', `${base}/${projectId}/columns`, { column_title: title, query, response_structure: structure });
    assert.equal(column.status, 201);
    columns[title] = (column.body as { column_id: number }).column_id;
  }
  assert.equal((await call(server, key, 'POST', `${base}/${projectId}/run`)).status, 202);
  const cells = await waitForCells(server, key, ws, projectId);
  const cell = (title: string) => {
    const found = cells.cells.find((c) => c.row_id === rowId && c.column_id === columns[title]);
    assert.ok(found, title);
    assert.equal(found.status, 'done', `${title}: ${found.error ?? ''}`);
    return found;
  };
  const pages = ((await call(server, key, 'GET', `/v1/workspaces/${ws}/documents/${fileId}/text`)).body as { pages: Array<{ page: number; text: string }> }).pages;
  const verbatim = (title: string) => {
    for (const c of cell(title).citations) assert.equal(pages.find((p) => p.page === c.page)?.text.slice(c.start, c.end), c.quote, title);
  };

  assert.equal(cell('Law (model)').value, 'the laws of the State of California');
  assert.match(cell('Law (model)').citations[0]?.quote ?? '', /governed by and interpreted in accordance with the laws of the State of California/);
  assert.equal(cell('Law (rejected)').value, 'California', 'Delaware is not in the cited excerpt: the built-in reader answers');
  assert.equal(cell('Expiry (model down)').value, '2021-02-01', 'a model error leaves the built-in answer');
  for (const title of Object.keys(columns)) verbatim(title);

  // Every cell went to the model, with the configured model name, before any fallback.
  const asked = fake.requests.map((r) => (r.body as { model: string; messages: Array<{ content: string }> }));
  assert.ok(asked.every((b) => b.model === 'cell-model'));
  for (const question of ['What law governs the agreement?', 'Which state governs disputes?', 'When does the term expire?']) {
    assert.ok(asked.some((b) => b.messages.at(-1)?.content.includes(`Question: ${question}`)), question);
  }
});

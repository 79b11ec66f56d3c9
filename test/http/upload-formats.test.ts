import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { buildApiKey, buildTenant, type Tenant } from '../support/factories.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { upload, waitForStatus } from '../support/uploads.js';

// Not in the PostgreSQL pass: which formats become text is extraction's work, the same on every
// backend; upload.test.ts and query.test.ts cover storing and searching passages there.

const fixtures = join(import.meta.dirname, '..', '..', 'src', 'modules', 'documents', 'extraction', '__fixtures__');
const hasOcr = ['tesseract', 'pdftoppm'].every((tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0);

let server: TestServer;
let tenant: Tenant;
let key: string;

before(async () => {
  server = await startTestServer();
  tenant = await buildTenant(server.deps);
  key = (await buildApiKey(server.deps, tenant)).key;
});
after(() => server.close());

/** Uploads a fixture under a neutral name (the type must come from the content) and waits for its end state. */
async function ingest(fixture: string) {
  let response = await upload(server, tenant.workspace.id, key, readFileSync(join(fixtures, fixture)), { fileName: `upload-${fixture}.bin` });
  // On a busy machine polling a slow extraction spends the key's rate limit: the next upload waits as told.
  for (let attempt = 0; response.status === 429 && attempt < 30; attempt++) {
    await response.body?.cancel();
    await new Promise((r) => setTimeout(r, Math.min(5000, Number(response.headers.get('retry-after') ?? 1) * 1000)));
    response = await upload(server, tenant.workspace.id, key, readFileSync(join(fixtures, fixture)), { fileName: `upload-${fixture}.bin` });
  }
  assert.equal(response.status, 200);
  const { file_id: fileId } = (await response.json()) as { file_id: number };
  return { fileId, ...(await waitForStatus(server, tenant.workspace.id, fileId, key, 180_000)) };
}

async function ask(question: string) {
  const response = await server.request(`/v1/workspaces/${tenant.workspace.id}/query`, {
    method: 'POST',
    key,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ question }),
  });
  return (await response.json()) as { answer: string; citations: number[] };
}

test('DOCX, e-mail with attachments, Windows-1252 text and XLSX become searchable; the type comes from the content', async () => {
  const docx = await ingest('lease.docx');
  assert.equal(docx.status, 'ready');
  assert.equal(docx.content_type, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
  const mail = await ingest('message.eml');
  assert.equal(mail.status, 'ready');
  assert.equal(mail.content_type, 'message/rfc822');
  const legacy = await ingest('windows-1252.txt');
  assert.equal(legacy.status, 'ready');
  const sheet = await ingest('two-sheets.xlsx');
  assert.equal(sheet.status, 'ready');

  const answer = await ask('Who must keep the premises in repair?');
  assert.ok(answer.citations.includes(docx.fileId) || answer.citations.includes(mail.fileId), JSON.stringify(answer));
  const accented = await ask('What did Müller & Søren pay?');
  assert.equal(accented.citations[0], legacy.fileId, JSON.stringify(accented));
});

test('a zip-bomb DOCX, an encrypted PDF and an image fail with a reason; the server goes on', async () => {
  for (const fixture of ['bomb.docx', 'encrypted.pdf', 'image.png']) {
    const file = await ingest(fixture);
    assert.equal(file.status, 'failed', fixture);
    assert.ok(file.error, `${fixture} keeps its reason`);
  }
  assert.equal((await ingest('prose.txt')).status, 'ready');
});

test('a scanned PDF is read by OCR', { skip: hasOcr ? false : 'skipped: tesseract-ocr and poppler-utils are not installed' }, async () => {
  const file = await ingest('scanned.pdf');
  assert.equal(file.status, 'ready');
  assert.equal(file.page_count, 1);
  const answer = await ask('Who shall the supplier indemnify?');
  assert.equal(answer.citations[0], file.fileId, JSON.stringify(answer));
});

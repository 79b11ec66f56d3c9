import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import BetterSqlite3 from 'better-sqlite3';
import { CLI_ARGS, serveProcess, stopProcess } from '../support/cli-process.js';
import { cliTenant } from '../support/tenant-process.js';

// Not in the PostgreSQL pass: these tests are about SQLite's write lock, and run on the folder's
// SQLite database whatever backend the suite is given.

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A long text: its extraction and indexing take long enough to be caught while running. */
function slowDocument(): { bytes: Uint8Array; name: string } {
  return { bytes: new TextEncoder().encode('Section 1. The Tenant shall pay rent monthly.\n\n'.repeat(120_000)), name: 'long.txt' };
}

async function uploadTo(url: string, workspaceId: number, key: string, bytes: Uint8Array | string, name: string) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  const response = await fetch(`${url}/v1/workspaces/${workspaceId}/documents`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: form });
  assert.equal(response.status, 200, await response.clone().text());
  return ((await response.json()) as { file_id: number }).file_id;
}

async function waitUntilSettled(url: string, workspaceId: number, fileId: number, key: string): Promise<string> {
  const deadline = Date.now() + 180_000;
  for (;;) {
    const response = await fetch(`${url}/v1/workspaces/${workspaceId}/documents/${fileId}`, { headers: { authorization: `Bearer ${key}` } });
    // A server whose cores are busy may shed a read with 503 (and Retry-After): asked again, as a client would.
    if (response.status === 503) {
      await response.arrayBuffer();
      await sleep(200);
      continue;
    }
    assert.equal(response.status, 200, await response.clone().text());
    const body = (await response.json()) as { status: string; error: string | null };
    if (body.status !== 'processing') return `${body.status}${body.error ? ` (${body.error})` : ''}`;
    if (Date.now() > deadline) throw new Error(`file ${fileId} still processing`);
    await sleep(200);
  }
}

test('another connection holding the write lock longer than the busy timeout: the upload still ends ready', { timeout: 300_000 }, async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'folio-busy-'));
  const server = await serveProcess(dataDir, { FOLIO_UPLOAD_READY_WAIT_MS: '0' });
  try {
    const t = cliTenant(dataDir);
    const doc = slowDocument();
    const fileId = await uploadTo(server.url, t.workspaceId, t.key, doc.bytes, doc.name);

    // Wait until the job is extracting, then hold the database's write lock past the server's busy timeout (5 s).
    const holder = new BetterSqlite3(join(dataDir, 'folio.db'), { timeout: 30_000 });
    const state = holder.prepare('select state from ingestion_jobs where file_id = ?').pluck();
    const deadline = Date.now() + 60_000;
    while (state.get(fileId) === 'queued' && Date.now() < deadline) await sleep(1);
    holder.exec('begin immediate');
    assert.equal(state.get(fileId), 'running', 'the lock was taken while the job ran');
    await sleep(20_000);
    holder.exec('commit');
    holder.close();

    assert.equal(await waitUntilSettled(server.url, t.workspaceId, fileId, t.key), 'ready');
  } finally {
    await stopProcess(server.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('folio import statutes runs while the server ingests; both finish', { timeout: 300_000 }, async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'folio-busy-import-'));
  const server = await serveProcess(dataDir, { FOLIO_UPLOAD_READY_WAIT_MS: '0', FOLIO_RATE_LIMIT: '100000' });
  try {
    const t = cliTenant(dataDir);
    const publication = join('src', 'modules', 'statutes', 'importers', '__fixtures__', 'dc', '2024-10-20');
    const importer = spawn(
      process.execPath,
      [...CLI_ARGS, '--data', dataDir, '--json', 'import', 'statutes', '--jurisdiction', 'DC', '--format', 'dc', '--published', '2024-10-20', publication],
      { env: { ...process.env, FOLIO_IMPORT_BATCH_SIZE: '1' }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    importer.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    let exitCode: number | null | undefined;
    const exited = new Promise<void>((resolve) => importer.once('exit', (code) => ((exitCode = code), resolve())));

    // Upload (and so ingest) for as long as the import runs.
    const files: number[] = [];
    while (exitCode === undefined && files.length < 200) {
      files.push(await uploadTo(server.url, t.workspaceId, t.key, `Clause ${files.length}. The Supplier shall deliver the goods within ${files.length + 1} days.`, `clause-${files.length}.txt`));
    }
    await exited;
    assert.equal(exitCode, 0, stderr);
    assert.ok(files.length > 0);
    for (const fileId of files) assert.equal(await waitUntilSettled(server.url, t.workspaceId, fileId, t.key), 'ready', `file ${fileId}`);
  } finally {
    await stopProcess(server.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
});

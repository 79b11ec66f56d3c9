import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { sharedDataPath } from '../support/shared-data.js';
import { folioJson as folio, openFolderStore, serveProcess as serve, stopProcess } from '../support/cli-process.js';
import { dropTestDatabase, testDatabaseUrl } from '../support/test-database.js';

/** The largest contract PDF when the shared data is here (slow to extract), else a generated text file. */
function slowDocument(): { bytes: Uint8Array; name: string } {
  const dir = sharedDataPath('documents', 'cuad', 'pdf');
  if (dir) {
    const largest = readdirSync(dir).sort((a, b) => statSync(join(dir, b)).size - statSync(join(dir, a)).size)[0] ?? '';
    return { bytes: readFileSync(join(dir, largest)), name: largest };
  }
  return { bytes: new TextEncoder().encode('Section 1. Term.\n\n'.repeat(50_000)), name: 'long.txt' };
}

async function interruptAndResume(signal: NodeJS.Signals): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'folio-restart-'));
  let server: { child: ChildProcess; url: string } | undefined;
  try {
    // On the PostgreSQL run the folder's schema: a process stopped with SIGTERM hands its job back;
    // after kill -9 the restarted process takes it over when its lease (3 s here) has run out.
    const shared = (await testDatabaseUrl(dataDir)) !== null;
    const lease = { FOLIO_INGEST_LEASE_MS: '3000' };
    folio(dataDir, 'init');
    const org = folio(dataDir, 'org', 'create', '--name', 'Restart LLP');
    const user = folio(dataDir, 'user', 'create', '--org', String(org.id), '--email', 'r@restart.test', '--name', 'R', '--org-admin');
    const ws = folio(dataDir, 'workspace', 'create', '--org', String(org.id), '--owner', String(user.id), '--name', 'W');
    const { key } = folio(dataDir, 'key', 'create', '--org', String(org.id), '--created-by', String(user.id), '--name', 'k', '--scopes', 'documents:read,documents:write', '--rate-limit', '100000') as { key: string };

    // The upload answers at once (no waiting for ingestion), then the process is stopped.
    server = await serve(dataDir, { ...lease, FOLIO_UPLOAD_READY_WAIT_MS: '0' });
    const doc = slowDocument();
    const form = new FormData();
    form.append('file', new Blob([doc.bytes]), doc.name);
    const uploaded = await fetch(`${server.url}/v1/workspaces/${String(ws.workspace_id)}/documents`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: form });
    assert.equal(uploaded.status, 200);
    const { file_id: fileId, status } = (await uploaded.json()) as { file_id: number; status: string };
    assert.equal(status, 'processing');
    const code = await stopProcess(server.child, signal);
    // That the stop did not wait for the extraction shows in the job's state below (cut short,
    // not ended), not in a duration that a busy machine would stretch.
    if (signal === 'SIGTERM') assert.equal(code, 0, 'a graceful stop exits 0');

    const opened = await openFolderStore(dataDir);
    const job = await opened.store.db.selectFrom('ingestion_jobs').select('state').where('file_id', '=', fileId).executeTakeFirstOrThrow();
    const file = await opened.store.db.selectFrom('files').select('status').where('id', '=', fileId).executeTakeFirstOrThrow();
    await opened.close();
    assert.ok(['queued', 'running'].includes(job.state), `the job was cut short, not ended (state ${job.state})`);
    if (shared && signal === 'SIGTERM') assert.equal(job.state, 'queued', 'a process sharing the queue hands its job back when it stops');
    assert.equal(file.status, 'processing');

    server = await serve(dataDir, lease);
    const deadline = Date.now() + 120_000;
    let current: { status: string } = { status: 'processing' };
    while (current.status === 'processing' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      current = (await (await fetch(`${server.url}/v1/workspaces/${String(ws.workspace_id)}/documents/${fileId}`, { headers: { authorization: `Bearer ${key}` } })).json()) as { status: string };
    }
    assert.equal(current.status, 'ready');
  } finally {
    if (server) await stopProcess(server.child);
    await dropTestDatabase(dataDir);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

test('a server killed mid-ingestion resumes the job at its next start and the file ends ready', { timeout: 180_000 }, () => interruptAndResume('SIGKILL'));

test('SIGTERM mid-ingestion exits promptly; the job resumes at the next start', { timeout: 180_000 }, () => interruptAndResume('SIGTERM'));

test('SIGTERM drains and exits 0', { timeout: 300_000 }, async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'folio-term-'));
  try {
    const server = await serve(dataDir);
    assert.equal((await fetch(`${server.url}/healthz`)).status, 200);
    assert.equal(await stopProcess(server.child), 0);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

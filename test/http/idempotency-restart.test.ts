import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import BetterSqlite3 from 'better-sqlite3';
import { serveProcess, stopProcess } from '../support/cli-process.js';
import { cliTenant } from '../support/tenant-process.js';

// Not in the PostgreSQL pass: the killed server and its restart run on the folder's SQLite database
// whatever backend the suite is given (idempotency.test.ts covers the keys on PostgreSQL).

/** Polls the database (read-only) until the idempotency key is recorded as in progress. */
async function waitForKeyInProgress(dataDir: string, idemKey: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const db = new BetterSqlite3(join(dataDir, 'folio.db'), { readonly: true, timeout: 5000 });
    const row = db.prepare('select state from idempotency_keys where idem_key = ?').get(idemKey) as { state: string } | undefined;
    db.close();
    if (row?.state === 'in_progress') return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the upload never took its idempotency key');
}

test('an idempotency key whose request died with a killed server is retryable after restart', { timeout: 240_000 }, async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'folio-idem-'));
  let server = await serveProcess(dataDir);
  try {
    const t = cliTenant(dataDir);
    const path = `/v1/workspaces/${t.workspaceId}/documents`;
    const idemKey = 'upload-after-crash-1';
    const boundary = 'folio-test-boundary';
    const head = `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="lease.txt"\r\ncontent-type: text/plain\r\n\r\n`;
    const content = 'The Tenant shall pay rent of $2,000 on the first day of each month.\n';

    // The request starts, takes the key, and the server dies before it answers.
    const url = new URL(server.url);
    const hanging = httpRequest({
      host: url.hostname,
      port: url.port,
      path,
      method: 'POST',
      headers: { authorization: `Bearer ${t.key}`, 'x-idempotency-key': idemKey, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    hanging.on('error', () => {});
    hanging.write(head + content.slice(0, 10));
    await waitForKeyInProgress(dataDir, idemKey);
    await stopProcess(server.child, 'SIGKILL');
    hanging.destroy();

    server = await serveProcess(dataDir);
    const form = new FormData();
    form.append('file', new Blob([content]), 'lease.txt');
    const retry = await fetch(server.url + path, { method: 'POST', headers: { authorization: `Bearer ${t.key}`, 'x-idempotency-key': idemKey }, body: form });
    assert.equal(retry.status, 200, await retry.clone().text());
    const first = (await retry.json()) as { file_id: number };
    // And the key now replays that answer.
    const again = new FormData();
    again.append('file', new Blob([content]), 'lease.txt');
    const replay = await fetch(server.url + path, { method: 'POST', headers: { authorization: `Bearer ${t.key}`, 'x-idempotency-key': idemKey }, body: again });
    assert.equal(replay.status, 200);
    assert.equal(((await replay.json()) as { file_id: number }).file_id, first.file_id);
  } finally {
    await stopProcess(server.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
});

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { CLI_ARGS, serveProcess, stopProcess } from '../support/cli-process.js';

// Not in the PostgreSQL pass: serve.lock guards the SQLite data folder only (a server on
// PostgreSQL takes no lock), and these servers run on the folder's SQLite whatever the suite is given.

/** A second `folio serve` run to completion; it must refuse the folder and exit. */
function secondServe(dataDir: string) {
  return spawnSync(process.execPath, [...CLI_ARGS, '--data', dataDir, 'serve', '--port', '0'], {
    encoding: 'utf8',
    env: { ...process.env, FOLIO_LOG_LEVEL: 'silent' },
    timeout: 120_000,
  });
}

test('a second folio serve on the same data folder exits 1 naming the folder and touches nothing', { timeout: 240_000 }, async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'folio-lock-'));
  let first = await serveProcess(dataDir);
  try {
    // An upload in progress of the running server: its temporary file must survive the second start.
    const inFlight = join(dataDir, 'blobs', 'tmp', 'upload-in-progress');
    mkdirSync(join(dataDir, 'blobs', 'tmp'), { recursive: true });
    writeFileSync(inFlight, 'partial body');

    const second = secondServe(dataDir);
    assert.equal(second.status, 1, `second serve exit ${String(second.status)}: ${second.stderr}`);
    const lines = second.stderr.trim().split('\n');
    assert.equal(lines.length, 1, second.stderr);
    assert.match(lines[0] ?? '', /in use/);
    assert.ok(lines[0]?.includes(dataDir), 'the message names the folder');
    assert.ok(existsSync(inFlight), 'the running server\'s temporary upload was left alone');
    assert.equal((await fetch(`${first.url}/healthz`)).status, 200, 'the first server still answers');

    // The OS drops the lock with its process, even on kill -9: the next serve starts.
    await stopProcess(first.child, 'SIGKILL');
    first = await serveProcess(dataDir);
    assert.equal((await fetch(`${first.url}/healthz`)).status, 200);
  } finally {
    await stopProcess(first.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
});

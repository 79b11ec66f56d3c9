import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { createLocalBlobStore } from './local-blob-store.js';

const SHA = 'a'.repeat(64);

test('a blob appears under its hash only once complete; the spool is emptied at start', async () => {
  const root = mkdtempSync(join(tmpdir(), 'folio-blobs-'));
  try {
    const store = createLocalBlobStore(root);
    const spooled = join(store.tempDir(), 'upload-1');
    writeFileSync(spooled, 'contract text');
    assert.equal(await store.has(SHA), false);
    await store.putFile(spooled, SHA);
    assert.equal(await store.has(SHA), true);
    assert.equal(existsSync(spooled), false, 'the temp file is consumed');
    assert.equal(await store.withLocalPath(SHA, async (path) => readFileSync(path, 'utf8')), 'contract text');

    // The same bytes again: nothing is rewritten, the new temp file is dropped.
    const again = join(store.tempDir(), 'upload-2');
    writeFileSync(again, 'contract text');
    await store.putFile(again, SHA);
    assert.equal(existsSync(again), false);

    // A half-written upload of a crashed process is gone after a restart.
    writeFileSync(join(store.tempDir(), 'half-written'), 'partial');
    const restarted = createLocalBlobStore(root);
    assert.deepEqual(readdirSync(restarted.tempDir()), []);
    assert.equal(await restarted.has(SHA), true);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('only SHA-256 hex names a blob: no path can be smuggled in', async () => {
  const root = mkdtempSync(join(tmpdir(), 'folio-blobs-'));
  try {
    const store = createLocalBlobStore(root);
    await assert.rejects(store.has('../../etc/passwd'), /not a sha256/);
    await assert.rejects(store.withLocalPath('abc', async () => 1), /not a sha256/);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

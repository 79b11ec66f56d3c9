import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { openSqliteReadStore, openSqliteStore } from './open.js';
import { buildTenant } from '../../test/support/factories.js';

test("an answering thread's read-only store lists a room's ready files once between writes, and sees every commit of another connection", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'folio-read-store-'));
  const writer = await openSqliteStore(dataDir);
  const reader = openSqliteReadStore(dataDir);
  try {
    const { workspace } = await buildTenant({ store: writer.store, clock: { now: () => new Date() } });
    const addFile = async (name: string, status: string) => {
      const now = new Date().toISOString();
      const row = await writer.store.documents.insertFileWithJob({
        workspace_id: workspace.id, parent_directory_id: null, file_name: name, sha256: name, size_bytes: 1,
        content_type: 'text/plain', status, error: null, page_count: 1, created_at: now, updated_at: now,
      });
      assert.ok(row);
      return row.id;
    };
    const first = await addFile('a.txt', 'ready');
    const before = await reader.store.documents.listReadyFiles(workspace.id);
    assert.deepEqual(before.map((f) => f.id), [first]);
    assert.equal(await reader.store.documents.listReadyFiles(workspace.id), before, 'unchanged room: the same list, not a new read');

    const second = await addFile('b.txt', 'processing');
    assert.deepEqual((await reader.store.documents.listReadyFiles(workspace.id)).map((f) => f.id), [first], 'a file still processing is not listed');
    writer.sqlite!.prepare('update files set status = ? where id = ?').run('ready', second);
    assert.deepEqual((await reader.store.documents.listReadyFiles(workspace.id)).map((f) => f.id), [first, second], 'the commit is seen at once');
    writer.sqlite!.prepare('delete from ingestion_jobs where file_id = ?').run(first);
    writer.sqlite!.prepare('delete from files where id = ?').run(first);
    assert.deepEqual((await reader.store.documents.listReadyFiles(workspace.id)).map((f) => f.id), [second]);
  } finally {
    await reader.close();
    await writer.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { systemClock } from '../../shared/clock.js';
import { openTestStore } from '../../../test/support/test-store.js';
import { buildTenant } from '../../../test/support/factories.js';

test("a workspace's tree stamp moves when a file or directory is added, renamed, moved or removed, and only then", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'folio-tree-stamps-'));
  const opened = await openTestStore(dir);
  const { store } = opened;
  const { db, documents } = store;
  try {
    const { workspace } = await buildTenant({ store, clock: systemClock });
    const { workspace: other } = await buildTenant({ store, clock: systemClock });
    const now = new Date().toISOString();
    const addFile = async (workspaceId: number, name: string) => {
      const row = await documents.insertFileWithJob({
        workspace_id: workspaceId, parent_directory_id: null, file_name: name, sha256: `${workspaceId}:${name}`, size_bytes: 1,
        content_type: 'text/plain', status: 'processing', error: null, page_count: null, created_at: now, updated_at: now,
      });
      assert.ok(row);
      return row.id;
    };
    const stamps: number[] = [await documents.treeStamp(workspace.id)];
    const changed = async (what: string) => {
      const stamp = await documents.treeStamp(workspace.id);
      assert.ok(!stamps.includes(stamp), `${what} moves the stamp (${stamps.join(', ')} then ${stamp})`);
      stamps.push(stamp);
    };
    const unchanged = async (what: string) => assert.equal(await documents.treeStamp(workspace.id), stamps.at(-1), `${what} leaves the stamp`);

    const file = await addFile(workspace.id, 'Lease.txt');
    await changed('a new file');
    await documents.updateFile(workspace.id, file, { status: 'ready', page_count: 3, updated_at: now });
    await unchanged('a status and page count');
    await addFile(other.id, 'Other.txt');
    await unchanged("another workspace's file");
    await db.updateTable('files').set({ file_name: 'Lease (signed).txt' }).where('id', '=', file).execute();
    await changed('a rename');
    const folder = await documents.createDirectory({ workspace_id: workspace.id, name: 'Leases', parent_directory_id: null, created_at: now });
    await changed('a new directory');
    await db.updateTable('files').set({ parent_directory_id: folder.id }).where('id', '=', file).execute();
    await changed('a move');
    await db.updateTable('directories').set({ name: 'Signed leases' }).where('id', '=', folder.id).execute();
    await changed('a renamed directory');
    await db.deleteFrom('ingestion_jobs').where('file_id', '=', file).execute();
    await db.deleteFrom('files').where('id', '=', file).execute();
    await changed('a removed file');
    await db.deleteFrom('directories').where('id', '=', folder.id).execute();
    await changed('a removed directory');
  } finally {
    await opened.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

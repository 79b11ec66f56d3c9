import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { systemClock } from '../../shared/clock.js';
import { openTestStore } from '../../../test/support/test-store.js';
import { buildTenant } from '../../../test/support/factories.js';
import type { Store } from '../../db/store.js';

/** A file row added to the workspace (in `parent`), as an upload adds it; its id. */
async function addFile(documents: Store['documents'], workspaceId: number, name: string, parent: number | null = null): Promise<number> {
  const now = new Date().toISOString();
  const row = await documents.insertFileWithJob({
    workspace_id: workspaceId, parent_directory_id: parent, file_name: name, sha256: `${workspaceId}:${name}`, size_bytes: 1,
    content_type: 'text/plain', status: 'processing', error: null, page_count: null, created_at: now, updated_at: now,
  });
  assert.ok(row);
  return row.id;
}

/** Runs `body` on a store of its own holding two tenants' workspaces, then closes and removes it. */
async function withTwoWorkspaces(
  body: (t: { opened: Awaited<ReturnType<typeof openTestStore>>; workspace: { id: number }; other: { id: number }; now: string }) => Promise<void>,
): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'folio-tree-stamps-'));
  const opened = await openTestStore(dir);
  try {
    const { workspace } = await buildTenant({ store: opened.store, clock: systemClock });
    const { workspace: other } = await buildTenant({ store: opened.store, clock: systemClock });
    await body({ opened, workspace, other, now: new Date().toISOString() });
  } finally {
    await opened.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

test("a workspace's tree stamp moves when a file or directory is added, renamed, moved or removed, and only then", () =>
  withTwoWorkspaces(async ({ opened, workspace, other, now }) => {
    const { db, documents } = opened.store;
    const stamps: number[] = [await documents.treeStamp(workspace.id)];
    const changed = async (what: string) => {
      const stamp = await documents.treeStamp(workspace.id);
      assert.ok(!stamps.includes(stamp), `${what} moves the stamp (${stamps.join(', ')} then ${stamp})`);
      stamps.push(stamp);
    };
    const unchanged = async (what: string) => assert.equal(await documents.treeStamp(workspace.id), stamps.at(-1), `${what} leaves the stamp`);

    const file = await addFile(documents, workspace.id, 'Lease.txt');
    await changed('a new file');
    await documents.updateFile(workspace.id, file, { status: 'ready', page_count: 3, updated_at: now });
    await unchanged('a status and page count');
    await addFile(documents, other.id, 'Other.txt');
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
  }));

test('rewrites move with a removal, rename or move and not with an addition; the cached whole tree is extended by additions and read again after the others', () =>
  withTwoWorkspaces(async ({ opened, workspace, other, now }) => {
    const { db, documents } = opened.store;
    const rewrites = async () => (await documents.readTreeSince(workspace.id, 0, 0)).rewrites;
    const lease = await addFile(documents, workspace.id, 'Lease.txt');
    const folder = await documents.createDirectory({ workspace_id: workspace.id, name: 'Deeds', parent_directory_id: null, created_at: now });
    await addFile(documents, other.id, 'Other.txt');
    const start = await rewrites();
    const first = await documents.readWholeTree(workspace.id);
    assert.deepEqual(first.files.map((f) => f.file_name), ['Lease.txt']);

    const deed = await addFile(documents, workspace.id, 'Deed.txt', folder.id);
    assert.equal(await rewrites(), start, 'an addition is not a rewrite');
    const since = await documents.readTreeSince(workspace.id, folder.id, lease);
    assert.deepEqual(
      { directories: since.directories, files: since.files.map((f) => f.file_name), directoryCount: since.directoryCount, fileCount: since.fileCount },
      { directories: [], files: ['Deed.txt'], directoryCount: 1, fileCount: 2 },
    );
    const second = await documents.readWholeTree(workspace.id);
    assert.deepEqual(second.files.map((f) => [f.file_name, f.parent_directory_id]), [['Lease.txt', null], ['Deed.txt', folder.id]]);
    if (opened.sqlite) assert.equal(second.files[0], first.files[0], 'extended: the rows read before are kept');

    await db.updateTable('files').set({ file_name: 'Deed (recorded).txt' }).where('id', '=', deed).execute();
    const renamed = await rewrites();
    assert.ok(renamed > start, 'a rename is a rewrite');
    assert.deepEqual((await documents.readWholeTree(workspace.id)).files.map((f) => f.file_name), ['Lease.txt', 'Deed (recorded).txt']);
    await db.updateTable('files').set({ parent_directory_id: null }).where('id', '=', deed).execute();
    const moved = await rewrites();
    assert.ok(moved > renamed, 'a move is a rewrite');
    await db.deleteFrom('ingestion_jobs').where('file_id', '=', lease).execute();
    await db.deleteFrom('files').where('id', '=', lease).execute();
    assert.ok((await rewrites()) > moved, 'a removal is a rewrite');
    const last = await documents.readWholeTree(workspace.id);
    assert.deepEqual(last.files.map((f) => [f.file_name, f.parent_directory_id]), [['Deed (recorded).txt', null]]);
    assert.deepEqual(last.directories.map((d) => d.name), ['Deeds']);
  }));

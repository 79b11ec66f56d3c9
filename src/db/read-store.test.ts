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

test('the whole document tree is read once between writes, and a rename, move or new file by any connection is seen at once', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'folio-tree-cache-'));
  const server = await openSqliteStore(dataDir);
  const cli = await openSqliteStore(dataDir);
  try {
    const { workspace } = await buildTenant({ store: server.store, clock: { now: () => new Date() } });
    const now = new Date().toISOString();
    const file = await server.store.documents.insertFileWithJob({
      workspace_id: workspace.id, parent_directory_id: null, file_name: 'Lease.pdf', sha256: 'x', size_bytes: 1,
      content_type: 'application/pdf', status: 'ready', error: null, page_count: 1, created_at: now, updated_at: now,
    });
    assert.ok(file);
    const tree = (await server.store.documents.readWholeTree(workspace.id)).files;
    assert.equal((await server.store.documents.readWholeTree(workspace.id)).files, tree, 'unchanged: the same rows, not a new read');
    assert.deepEqual(await server.store.documents.listTreeFiles(workspace.id, 0, 10), tree, 'a page reads through');

    // Another process (the CLI) renames the file: from the next turn of the event loop (the next
    // request) on, the server's tree has the new name.
    cli.sqlite!.prepare('update files set file_name = ? where id = ?').run('Lease (signed).pdf', file.id);
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual((await server.store.documents.readWholeTree(workspace.id)).files.map((f) => f.file_name), ['Lease (signed).pdf']);
    const folder = cli.sqlite!.prepare('insert into directories (workspace_id, name, parent_directory_id, created_at) values (?, ?, null, ?)').run(workspace.id, 'Leases', now);
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual((await server.store.documents.readWholeTree(workspace.id)).directories.map((d) => d.name), ['Leases']);
    server.sqlite!.prepare('update files set parent_directory_id = ? where id = ?').run(folder.lastInsertRowid, file.id);
    assert.equal((await server.store.documents.readWholeTree(workspace.id)).files[0]?.parent_directory_id, Number(folder.lastInsertRowid), "this connection's own write too");
  } finally {
    await cli.close();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('the cached tree outlives commits that leave it as it was (a status, another workspace), and the stamp moves only with the tree', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'folio-tree-stamp-'));
  const server = await openSqliteStore(dataDir);
  const cli = await openSqliteStore(dataDir);
  try {
    const clock = { now: () => new Date() };
    const { workspace } = await buildTenant({ store: server.store, clock });
    const { workspace: other } = await buildTenant({ store: server.store, clock });
    const now = new Date().toISOString();
    const addFile = async (workspaceId: number, name: string) => {
      const row = await server.store.documents.insertFileWithJob({
        workspace_id: workspaceId, parent_directory_id: null, file_name: name, sha256: `${workspaceId}:${name}`, size_bytes: 1,
        content_type: 'text/plain', status: 'processing', error: null, page_count: null, created_at: now, updated_at: now,
      });
      assert.ok(row);
      return row.id;
    };
    const file = await addFile(workspace.id, 'Lease.txt');
    const stamp = await server.store.documents.treeStamp(workspace.id);
    const { files: tree, directories } = await server.store.documents.readWholeTree(workspace.id);

    // Commits that leave this workspace's tree as it was, by this connection and by another.
    await server.store.documents.updateFile(workspace.id, file, { status: 'ready', page_count: 1, updated_at: now });
    await addFile(other.id, 'Other.txt');
    cli.sqlite!.prepare('update files set status = ? where id = ?').run('failed', file);
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(await server.store.documents.treeStamp(workspace.id), stamp, 'a status is not in the tree');
    assert.equal((await server.store.documents.readWholeTree(workspace.id)).files, tree, 'the same rows, not a new read');
    assert.equal((await server.store.documents.readWholeTree(workspace.id)).directories, directories);

    // Each change to the tree moves the stamp: a new file, a rename, a move, a removal.
    const stamps = [stamp];
    const moved = () => server.store.documents.treeStamp(workspace.id).then((s) => stamps.push(s));
    const second = await addFile(workspace.id, 'Deed.txt');
    await moved();
    cli.sqlite!.prepare('update files set file_name = ? where id = ?').run('Deed (signed).txt', second);
    await moved();
    const folder = cli.sqlite!.prepare('insert into directories (workspace_id, name, parent_directory_id, created_at) values (?, ?, null, ?)').run(workspace.id, 'Deeds', now);
    await moved();
    cli.sqlite!.prepare('update files set parent_directory_id = ? where id = ?').run(folder.lastInsertRowid, second);
    await moved();
    cli.sqlite!.prepare('delete from ingestion_jobs where file_id = ?').run(second);
    cli.sqlite!.prepare('delete from files where id = ?').run(second);
    await moved();
    assert.equal(new Set(stamps).size, stamps.length, `every change gives a new stamp: ${stamps.join(', ')}`);
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual((await server.store.documents.readWholeTree(workspace.id)).files.map((f) => f.file_name), ['Lease.txt']);
    assert.deepEqual((await server.store.documents.readWholeTree(workspace.id)).directories.map((d) => d.name), ['Deeds']);
  } finally {
    await cli.close();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

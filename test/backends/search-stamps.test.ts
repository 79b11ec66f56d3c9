import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { readSearchStamp } from '../../src/db/fts/search-stamps.js';
import { openStore, type OpenedStore } from '../../src/db/open.js';
import { createPassageIndex } from '../../src/modules/documents/document-services.js';
import { chunkPages } from '../../src/modules/documents/passages/chunking.js';
import type { PassageIndex } from '../../src/modules/documents/passages/passage-index.js';
import { buildTenant, buildWorkspace, type Tenant } from '../support/factories.js';
import { dropTestDatabase, testDatabaseUrl } from '../support/test-database.js';

// Ranked search on PostgreSQL keeps its phrase counts and totals until the scope's stamp moves
// (search-stamps.migration.ts). Two stores on one database stand for two server processes: what one
// writes, the other must count at its next search, with no cache to wait out.
const skip = !process.env.FOLIO_TEST_DATABASE_URL && 'FOLIO_TEST_DATABASE_URL is not set';
const NOW = '2026-03-01T00:00:00Z';
const GOVERNING_LAW = 'This Agreement shall be governed by the laws of the State of Delaware, without regard to its conflict of laws principles.';
const ARBITRATION = 'Any dispute arising under this Agreement shall be settled by arbitration in Wilmington, Delaware.';
const NOTICE = 'Either party may terminate this Agreement upon ninety (90) days prior written notice to the other party.';

let dir = '';
let reader: OpenedStore;
let writer: OpenedStore;
let tenant: Tenant;

before(async () => {
  if (skip) return;
  dir = mkdtempSync(join(tmpdir(), 'folio-search-stamps-'));
  const url = await testDatabaseUrl(dir);
  reader = await openStore({ databaseUrl: url, dataDir: dir });
  writer = await openStore({ databaseUrl: url, dataDir: dir });
  tenant = await buildTenant({ store: writer.store, clock: { now: () => new Date(NOW) } });
});
after(async () => {
  if (skip) return;
  await reader.close();
  await writer.close();
  rmSync(dir, { recursive: true, force: true });
  await dropTestDatabase(dir);
});

const indexOf = (opened: OpenedStore): PassageIndex => createPassageIndex({ store: opened.store, clock: { now: () => new Date(NOW) } }, opened.passageBackend);

async function addFile(workspaceId: number, name: string, text: string): Promise<number> {
  const file = await writer.store.documents.insertFileWithJob({
    workspace_id: workspaceId, parent_directory_id: null, file_name: name, sha256: name.padEnd(64, '0'), size_bytes: text.length,
    content_type: 'text/plain', status: 'ready', error: null, page_count: 1, created_at: NOW, updated_at: NOW,
  });
  await indexOf(writer).replaceFile(workspaceId, file!.id, chunkPages([{ page: 1, text }]));
  return file!.id;
}

const stampOf = (table: string, scope: string) => readSearchStamp(reader.store.db, table, scope);
const newWorkspace = () => buildWorkspace({ store: writer.store, clock: { now: () => new Date(NOW) } }, tenant);

test("one process's passage writes and deletions are counted by another's next search at once", { skip }, async () => {
  const workspaceId = (await newWorkspace()).id;
  const cached = indexOf(reader);
  await addFile(workspaceId, 'law.txt', GOVERNING_LAW);
  const before = await cached.termFrequencies(workspaceId, ['delawar', 'arbitr']);
  assert.equal(before.total, 1);
  assert.deepEqual([...before.frequencies], [['delawar', 1], ['arbitr', 0]]);

  const added = await addFile(workspaceId, 'disputes.txt', ARBITRATION);
  const afterAdd = await cached.termFrequencies(workspaceId, ['delawar', 'arbitr']);
  assert.equal(afterAdd.total, 2);
  assert.deepEqual([...afterAdd.frequencies], [['delawar', 2], ['arbitr', 1]]);
  // The scores a warm cache gives are those of an index that never cached anything.
  const question = '"delawar" OR "arbitr"';
  assert.deepEqual(await cached.search(workspaceId, question, 10), await indexOf(reader).search(workspaceId, question, 10));

  await indexOf(writer).deleteFiles(workspaceId, [added]);
  const afterDelete = await cached.termFrequencies(workspaceId, ['delawar', 'arbitr']);
  assert.equal(afterDelete.total, 1);
  assert.deepEqual([...afterDelete.frequencies], [['delawar', 1], ['arbitr', 0]]);
});

test("a workspace's stamp moves with its own passages only, once per statement", { skip }, async () => {
  const other = await newWorkspace();
  const mine = String(tenant.workspace.id);
  const theirs = String(other.id);
  const start = { mine: await stampOf('passages', mine), theirs: await stampOf('passages', theirs) };
  // A new file of 40 passages: nothing to delete, then one insert statement. Written again: its
  // 40 passages are deleted in one statement and inserted in another.
  const text = Array.from({ length: 40 }, () => NOTICE).join('\n\n');
  const fileId = await addFile(other.id, 'notices.txt', text);
  assert.equal(await stampOf('passages', theirs), start.theirs + 1);
  await indexOf(writer).replaceFile(other.id, fileId, chunkPages([{ page: 1, text }]));
  assert.equal(await stampOf('passages', theirs), start.theirs + 3);
  assert.equal(await stampOf('passages', mine), start.mine);
  await sql`update passages set clause_tags = clause_tags where workspace_id = ${other.id}`.execute(writer.store.db);
  assert.equal(await stampOf('passages', theirs), start.theirs + 4);
  assert.equal(await stampOf('passages', mine), start.mine);
});

test('the statute index has one stamp, moved by every write to it', { skip }, async () => {
  const start = await stampOf('statute_versions_search', '');
  await writer.statuteSearch.upsert(writer.store.db, [{ versionId: 900_001, heading: 'Penalties', hierarchy: 'Title 1', text: 'A fine of not more than $500.' }]);
  const upserted = await stampOf('statute_versions_search', '');
  assert.ok(upserted > start, `${upserted} > ${start}`);
  await writer.statuteSearch.remove(writer.store.db, [900_001]);
  assert.equal(await stampOf('statute_versions_search', ''), upserted + 1);
});

test("a workspace's ready files are listed once while they stay as they are, and another process's change is seen at once", { skip }, async () => {
  const other = await newWorkspace();
  await addFile(other.id, 'first.txt', GOVERNING_LAW);
  const list = () => reader.store.documents.listReadyFiles(other.id);
  const first = await list();
  assert.deepEqual(first.map((f) => f.file_name), ['first.txt']);
  // The same array: answering keeps each file's signals and the index of their names by its identity.
  assert.equal(await list(), first);
  await addFile(tenant.workspace.id, 'elsewhere.txt', NOTICE);
  assert.equal(await list(), first, "another workspace's files leave the list alone");

  const file = await writer.store.documents.insertFileWithJob({
    workspace_id: other.id, parent_directory_id: null, file_name: 'late.txt', sha256: 'late'.padEnd(64, '0'), size_bytes: 1,
    content_type: 'text/plain', status: 'processing', error: null, page_count: null, created_at: NOW, updated_at: NOW,
  });
  assert.deepEqual(await list(), first, 'a file still processing is not listed');
  await writer.store.documents.updateFile(other.id, file!.id, { status: 'ready', page_count: 1 });
  assert.deepEqual((await list()).map((f) => f.file_name), [...first.map((f) => f.file_name), 'late.txt']);
  await writer.store.documents.updateFile(other.id, file!.id, { file_name: 'renamed.txt' });
  assert.deepEqual((await list()).map((f) => f.file_name), [...first.map((f) => f.file_name), 'renamed.txt']);
});

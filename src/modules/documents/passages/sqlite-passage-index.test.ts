import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, test } from 'node:test';
import type BetterSqlite3 from 'better-sqlite3';
import type { Kysely } from 'kysely';
import { migrate, migrations } from '../../../db/migrations/migrate.js';
import { openSqlite } from '../../../db/sqlite.js';
import { chunkPages } from './chunking.js';
import { createSqlitePassageIndex, HITS_SQL } from './sqlite-passage-index.js';
import { readVarint, workspaceFtsTable, workspaceFtsTotals } from './workspace-fts.js';
import { wordStems } from '../../../text/tokens.js';
import { seedSqliteRows, type SqliteRows } from '../../../../test/support/sqlite-rows.js';

// Clauses cut from CUAD contracts in ../shared/data/documents/cuad.
const GOVERNING_LAW = 'This Agreement shall be governed by and construed in accordance with the laws of the State of New York, without giving effect to its conflicts of law principles.';
const NOTICES = 'All notices shall be in writing and shall be deemed given when delivered personally or three days after mailing by certified mail, return receipt requested.';
const CONFIDENTIALITY = 'Each party shall hold the Confidential Information of the other party in confidence and shall not disclose it to any third party without prior written consent.';

let dir: string;
let raw: BetterSqlite3.Database;
let db: Kysely<unknown>;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'folio-passage-index-'));
  const opened = openSqlite(join(dir, 'folio.db'));
  raw = opened.raw;
  db = opened.db as unknown as Kysely<unknown>;
});
afterEach(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

let rows: SqliteRows;
function seedOrg(): void {
  rows = seedSqliteRows(raw);
}
function workspace(): number {
  return rows.workspace();
}
let files = 0;
function file(workspaceId: number, status = 'ready'): number {
  return rows.file(workspaceId, `f${files++}.txt`, status);
}
const passagesOf = (...texts: string[]) => chunkPages(texts.map((text, i) => ({ page: i + 1, text })));

describe('the SQLite passage index, one FTS5 table per workspace', () => {
  beforeEach(async () => {
    await migrate(db, 'sqlite');
    seedOrg();
  });

  test("another workspace's passages change neither this workspace's term statistics nor its scores", async () => {
    const index = createSqlitePassageIndex(raw);
    const mine = workspace();
    const contract = file(mine);
    await index.replaceFile(mine, contract, passagesOf(GOVERNING_LAW, NOTICES));
    const before = await index.termFrequencies(mine, ['law', 'notic']);
    const scoresBefore = (await index.search(mine, '"governed" OR "notices"', 10)).map((h) => h.score);

    const theirs = workspace();
    for (let i = 0; i < 5; i++) await index.replaceFile(theirs, file(theirs), passagesOf(`${GOVERNING_LAW} ${i}`, `${NOTICES} ${i}`, CONFIDENTIALITY));
    assert.deepEqual(await index.termFrequencies(mine, ['law', 'notic']), before);
    assert.deepEqual(before, { total: 2, tokens: wordStems(GOVERNING_LAW).length + wordStems(NOTICES).length, frequencies: new Map([['law', 1], ['notic', 1]]) });
    assert.deepEqual((await index.search(mine, '"governed" OR "notices"', 10)).map((h) => h.score), scoresBefore);
    assert.equal((await index.termFrequencies(theirs, ['law'])).total, 15);
  });

  test('search ranks within the workspace, keeps ready files only, and restricts to listed files', async () => {
    const index = createSqlitePassageIndex(raw);
    const ws = workspace();
    const ready = file(ws);
    const other = file(ws);
    const processing = file(ws, 'processing');
    await index.replaceFile(ws, ready, passagesOf(GOVERNING_LAW, NOTICES));
    await index.replaceFile(ws, other, passagesOf(GOVERNING_LAW));
    await index.replaceFile(ws, processing, passagesOf(GOVERNING_LAW));
    const hits = await index.search(ws, '"new york"', 10);
    assert.deepEqual(new Set(hits.map((h) => h.fileId)), new Set([ready, other]));
    assert.ok(hits.every((h) => h.text.includes('New York') && h.score > 0));
    // Asking for fewer than there are still gets that many ready ones, past the one that is not ready.
    assert.equal((await index.search(ws, '"new york"', 1)).length, 1);
    assert.deepEqual((await index.search(ws, '"new york"', 10, [other])).map((h) => h.fileId), [other]);
    assert.deepEqual(await index.search(workspace(), '"new york"', 10), [], 'a workspace with nothing indexed finds nothing');

    await index.deleteFiles(ws, [ready]);
    assert.deepEqual((await index.search(ws, '"new york"', 10)).map((h) => h.fileId), [other]);
    assert.equal((await index.termFrequencies(ws, ['york'])).frequencies.get('york'), 2, 'the processing file still counts: it is indexed');
  });

  test('term counts are remembered between questions and follow files coming and going', async () => {
    const index = createSqlitePassageIndex(raw);
    const ws = workspace();
    await index.replaceFile(ws, file(ws), passagesOf(GOVERNING_LAW, NOTICES));
    const york = async () => (await index.termFrequencies(ws, ['york', 'notic'])).frequencies;
    assert.deepEqual(await york(), new Map([['york', 1], ['notic', 1]]));
    const added = file(ws);
    await index.replaceFile(ws, added, passagesOf(GOVERNING_LAW));
    assert.deepEqual(await york(), new Map([['york', 2], ['notic', 1]]), 'a new file is counted at once');
    await index.deleteFiles(ws, [added]);
    assert.deepEqual(await york(), new Map([['york', 1], ['notic', 1]]), 'a deleted file is not counted');
  });

  test("the row count is read from FTS5's own record and equals the passages indexed", async () => {
    const index = createSqlitePassageIndex(raw);
    const ws = workspace();
    for (let i = 0; i < 130; i++) await index.replaceFile(ws, file(ws), passagesOf(`${NOTICES} (${i})`));
    assert.equal(workspaceFtsTotals(raw, ws).rows, 130);
    // The token count after it, bm25's average length: the words as tokens.ts splits them.
    const tokens = Array.from({ length: 130 }, (_, i) => wordStems(`${NOTICES} (${i})`).length).reduce((a, b) => a + b, 0);
    assert.deepEqual(workspaceFtsTotals(raw, ws), { rows: 130, tokens });
    assert.deepEqual([readVarint(Uint8Array.of(0x05)), readVarint(Uint8Array.of(0x81, 0x02)), readVarint(Uint8Array.of(0x82, 0x80, 0x00))], [5, 130, 32768]);
  });
});

test('migration 014 moves the shared index into per-workspace tables and drops it', async () => {
  await migrate(db, 'sqlite', migrations.filter((m) => m.name !== '014-workspace-passage-fts'));
  seedOrg();
  const a = workspace();
  const b = workspace();
  const insert = raw.prepare('insert into passages (workspace_id, file_id, ordinal, page, start_offset, end_offset, text) values (?, ?, 0, 1, 0, ?, ?)');
  const shared = raw.prepare('insert into passages_fts(rowid, text) values (?, ?)');
  for (const [ws, text] of [[a, GOVERNING_LAW], [b, NOTICES], [b, GOVERNING_LAW]] as const) {
    const id = insert.run(ws, file(ws), text.length, text).lastInsertRowid;
    shared.run(id, text);
  }
  assert.deepEqual(await migrate(db, 'sqlite'), ['014-workspace-passage-fts']);
  assert.equal(raw.prepare("select count(*) from sqlite_master where name = 'passages_fts'").pluck().get(), 0);
  const index = createSqlitePassageIndex(raw);
  assert.equal((await index.search(a, '"new york"', 10)).length, 1);
  assert.equal((await index.search(b, '"new york"', 10)).length, 1);
  assert.equal((await index.search(b, '"certified mail"', 10)).length, 1);
  // (count(*) on an external-content table would read the content table: the index's own count is asked.)
  assert.deepEqual([workspaceFtsTotals(raw, a).rows, workspaceFtsTotals(raw, b).rows], [1, 2]);
  assert.equal(raw.prepare("select count(*) from sqlite_master where name = ?").pluck().get(workspaceFtsTable(b)), 1);
});

test('ranked passages are fetched by id, not by walking the workspace', async () => {
  await migrate(db, 'sqlite');
  // The plan SQLite chooses with the schema's own indexes: by rowid for each ranked id.
  const plan = (raw.prepare(`explain query plan ${HITS_SQL}`).all(1, '[1,2,3]') as Array<{ detail: string }>).map((r) => r.detail);
  assert.ok(plan.some((d) => /SEARCH p USING INTEGER PRIMARY KEY/.test(d)), plan.join('; '));
  assert.ok(!plan.some((d) => /passages_file/.test(d)), plan.join('; '));
});

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, test } from 'node:test';
import type BetterSqlite3 from 'better-sqlite3';
import type { Kysely } from 'kysely';
import { migrate } from '../../../db/migrations/migrate.js';
import { openSqlite } from '../../../db/sqlite.js';
import { chunkPages } from './chunking.js';
import type { PassageIndex } from './passage-index.js';
import { withRememberedOpenings } from './remembered-openings.js';
import { createSqlitePassageIndex } from './sqlite-passage-index.js';

// Clauses cut from CUAD contracts in ../shared/data/documents/cuad.
const GOVERNING_LAW = 'This Agreement shall be governed by and construed in accordance with the laws of the State of New York, without giving effect to its conflicts of law principles.';
const NOTICES = 'All notices shall be in writing and shall be deemed given when delivered personally or three days after mailing by certified mail, return receipt requested.';
const CONFIDENTIALITY = 'Each party shall hold the Confidential Information of the other party in confidence and shall not disclose it to any third party without prior written consent.';

let dir: string;
let raw: BetterSqlite3.Database;
let db: Kysely<unknown>;
const now = new Date().toISOString();

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'folio-openings-'));
  const opened = openSqlite(join(dir, 'folio.db'));
  raw = opened.raw;
  db = opened.db as unknown as Kysely<unknown>;
  await migrate(db, 'sqlite');
  raw.prepare("insert into orgs (id, name, created_at) values ('o1', 'Org', ?)").run(now);
  raw.prepare("insert into users (id, org_id, email, name, is_org_admin, created_at) values ('u1', 'o1', 'a@b.test', 'A', 1, ?)").run(now);
});
afterEach(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

function workspace(): number {
  return Number(raw.prepare("insert into workspaces (org_id, owner_id, workspace_type, name, is_public, is_external, index_frozen, created_at, updated_at) values ('o1', 'u1', 'standard', 'W', 0, 0, 0, ?, ?)").run(now, now).lastInsertRowid);
}
async function fileWith(index: PassageIndex, workspaceId: number, ...texts: string[]): Promise<number> {
  const n = Number(raw.prepare('select count(*) from files').pluck().get());
  const id = Number(raw.prepare("insert into files (workspace_id, parent_directory_id, file_name, sha256, size_bytes, status, created_at, updated_at) values (?, null, ?, ?, 10, 'ready', ?, ?)").run(workspaceId, `f${n}.txt`, String(n).padStart(64, '0'), now, now).lastInsertRowid);
  await index.replaceFile(workspaceId, id, chunkPages(texts.map((text, i) => ({ page: i + 1, text }))));
  return id;
}

/** The real index, with its reads of openings counted. */
function counted(index: PassageIndex): { index: PassageIndex; reads: number[][] } {
  const reads: number[][] = [];
  return { reads, index: { ...index, openings: (workspaceId, fileIds, perFile) => (reads.push(fileIds), index.openings(workspaceId, fileIds, perFile)) } };
}

test("a question's openings are read once per file, and answered as the index answers them", async () => {
  const index = createSqlitePassageIndex(raw);
  const ws = workspace();
  const a = await fileWith(index, ws, GOVERNING_LAW, NOTICES, CONFIDENTIALITY);
  const b = await fileWith(index, ws, NOTICES);
  const { index: spied, reads } = counted(index);
  const remembered = withRememberedOpenings(spied);

  assert.deepEqual(await remembered.openings(ws, [b, a], 2000), await index.openings(ws, [b, a], 2000));
  assert.deepEqual(await remembered.openings(ws, [a], 2000), await index.openings(ws, [a], 2000));
  assert.deepEqual(await remembered.openings(ws, [a, b], 2), await index.openings(ws, [a, b], 2));
  assert.deepEqual(reads, [[b, a]]);
});

test('a file is read again when more of its passages are asked for, and never for another workspace', async () => {
  const index = createSqlitePassageIndex(raw);
  const ws = workspace();
  const other = workspace();
  const a = await fileWith(index, ws, GOVERNING_LAW, NOTICES, CONFIDENTIALITY);
  const { index: spied, reads } = counted(index);
  const remembered = withRememberedOpenings(spied);

  assert.equal((await remembered.openings(ws, [a], 1)).length, 1);
  assert.equal((await remembered.openings(ws, [a], 3)).length, 3);
  // The same file id asked under another workspace: read there, and the index finds nothing of it.
  assert.deepEqual(await remembered.openings(other, [a], 3), []);
  assert.deepEqual(reads, [[a], [a], [a]]);
});

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type BetterSqlite3 from 'better-sqlite3';
import { openSqliteStore } from '../../../db/open.js';
import { createSqlitePassageIndex } from './sqlite-passage-index.js';
import type { PassageDraft } from './chunking.js';

const GOVERNING_LAW = 'This Agreement shall be governed and construed according to the laws of the State of Kansas.';
const NOTICES = 'All notices shall be in writing and delivered by courier to the addresses set forth above.';

function draft(text: string, ordinal = 0, clauses: Record<string, number> = {}): PassageDraft {
  return { ordinal, page: 1, start: 0, end: text.length, text, clauses };
}

function seedWorkspace(db: BetterSqlite3.Database, org: string): { workspaceId: number; fileId: (name: string) => number } {
  const now = new Date().toISOString();
  db.prepare('insert into orgs (id, name, created_at) values (?, ?, ?)').run(org, org, now);
  db.prepare('insert into users (id, org_id, email, name, is_org_admin, created_at) values (?, ?, ?, ?, 1, ?)').run(`u-${org}`, org, `${org}@b.test`, 'A', now);
  const workspaceId = Number(
    db.prepare("insert into workspaces (org_id, owner_id, workspace_type, name, is_public, is_external, index_frozen, created_at, updated_at) values (?, ?, 'standard', 'W', 0, 0, 0, ?, ?)").run(org, `u-${org}`, now, now).lastInsertRowid,
  );
  const fileId = (name: string) =>
    Number(
      db.prepare("insert into files (workspace_id, parent_directory_id, file_name, sha256, size_bytes, status, created_at, updated_at) values (?, null, ?, ?, 10, 'ready', ?, ?)").run(workspaceId, name, name.padEnd(64, '0'), now, now).lastInsertRowid,
    );
  return { workspaceId, fileId };
}

test('passages keep their clause tags and search returns them', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'folio-passage-tags-'));
  const opened = await openSqliteStore(dataDir);
  try {
    const index = createSqlitePassageIndex(opened.sqlite!);
    const ws = seedWorkspace(opened.sqlite!, 'o1');
    const file = ws.fileId('a.txt');
    await index.replaceFile(ws.workspaceId, file, [draft(GOVERNING_LAW, 0, { 'Governing Law': 0.97 }), draft(NOTICES, 1)]);
    const hits = await index.search(ws.workspaceId, 'kansas', 5);
    assert.deepEqual(hits.map((h) => h.clauses), [{ 'Governing Law': 0.97 }]);
    const openings = await index.openings(ws.workspaceId, [file], 2);
    assert.deepEqual(openings.map((h) => h.clauses), [{ 'Governing Law': 0.97 }, {}]);
  } finally {
    await opened.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

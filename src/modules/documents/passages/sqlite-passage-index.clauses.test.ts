import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type BetterSqlite3 from 'better-sqlite3';
import { openSqliteStore } from '../../../db/open.js';
import { createSqlitePassageIndex } from './sqlite-passage-index.js';
import type { PassageDraft } from './chunking.js';
import { seedSqliteRows } from '../../../../test/support/sqlite-rows.js';

const GOVERNING_LAW = 'This Agreement shall be governed and construed according to the laws of the State of Kansas.';
const NOTICES = 'All notices shall be in writing and delivered by courier to the addresses set forth above.';

function draft(text: string, ordinal = 0, clauses: Record<string, number> = {}): PassageDraft {
  return { ordinal, page: 1, start: 0, end: text.length, text, clauses };
}

function seedWorkspace(db: BetterSqlite3.Database, org: string): { workspaceId: number; fileId: (name: string) => number } {
  const rows = seedSqliteRows(db, org);
  const workspaceId = rows.workspace();
  return { workspaceId, fileId: (name: string) => rows.file(workspaceId, name) };
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

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { openSqliteStore } from '../../../db/open.js';
import { workspaceFtsTable } from '../passages/workspace-fts.js';
import { createIndexBatchApplier, planIndex, type IndexItem } from './index-batch.js';
import { seedSqliteRows } from '../../../../test/support/sqlite-rows.js';

const GOVERNING_LAW = 'Governing Law. This Agreement shall be governed by the laws of the State of Delaware, without regard to its conflict of laws principles.';
const NOTICES = 'Notices. All notices under this Agreement shall be in writing and delivered by courier to the addresses set forth above.';

test('an extraction result becomes passages and a ready file; no text at all makes a failed file with the reason', () => {
  const ready = planIndex({ pages: [{ page: 1, text: `${GOVERNING_LAW}\n\n${NOTICES}` }], warnings: [] });
  assert.equal(ready.status, 'ready');
  assert.equal(ready.error, null);
  assert.ok(ready.passages.length >= 1);
  const noted = planIndex({ pages: [{ page: 2, text: GOVERNING_LAW }], warnings: ['page 1 has no text layer'] });
  assert.deepEqual([noted.status, noted.error], ['ready', 'page 1 has no text layer']);
  const empty = planIndex({ pages: [{ page: 1, text: '  \n ' }], warnings: ['page 1 has no text layer'] });
  assert.deepEqual([empty.status, empty.error, empty.passages.length], ['failed', 'no text could be extracted (page 1 has no text layer)', 0]);
});

test('one transaction writes several files: passages searchable, files ready or failed, jobs finished; a re-run replaces', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'folio-index-batch-'));
  const opened = await openSqliteStore(dataDir);
  try {
    const db = opened.sqlite!;
    const now = new Date().toISOString();
    const rows = seedSqliteRows(db);
    const ws = rows.workspace();
    const items: IndexItem[] = [];
    for (const [i, text] of [GOVERNING_LAW, NOTICES, '   '].entries()) {
      const fileId = rows.file(ws, `f${i}.txt`, 'processing');
      const jobId = Number(
        db.prepare("insert into ingestion_jobs (workspace_id, file_id, state, attempts, created_at, updated_at) values (?, ?, 'running', 1, ?, ?)").run(ws, fileId, now, now).lastInsertRowid,
      );
      items.push({ jobId, workspaceId: ws, fileId, pages: [{ page: 1, text }], contentType: 'text/plain', pageCount: 1, warnings: [], now });
    }
    const apply = createIndexBatchApplier(db);
    assert.deepEqual(apply(items), [{ status: 'ready' }, { status: 'ready' }, { status: 'failed' }]);
    const files = db.prepare('select status, content_type, page_count from files order by id').all();
    assert.deepEqual(files, [
      { status: 'ready', content_type: 'text/plain', page_count: 1 },
      { status: 'ready', content_type: 'text/plain', page_count: 1 },
      { status: 'failed', content_type: 'text/plain', page_count: 1 },
    ]);
    assert.deepEqual(db.prepare('select state, locked_by from ingestion_jobs order by id').all(), [
      { state: 'done', locked_by: null },
      { state: 'done', locked_by: null },
      { state: 'failed', locked_by: null },
    ]);
    const hits = await opened.store.db.selectFrom('passages').select(['file_id']).execute();
    assert.equal(hits.length, 2);
    const fts = workspaceFtsTable(ws);
    const search = db.prepare(`select p.file_id from ${fts} join passages p on p.id = ${fts}.rowid where ${fts} match 'delaware'`).all();
    assert.deepEqual(search, [{ file_id: items[0]!.fileId }]);
    // Ingesting the same file again replaces its passages rather than adding to them.
    apply([items[0]!]);
    assert.equal((db.prepare('select count(*) as n from passages where file_id = ?').get(items[0]!.fileId) as { n: number }).n, 1);
    assert.equal((db.prepare(`select count(*) as n from ${fts} where ${fts} match 'delaware'`).get() as { n: number }).n, 1);
  } finally {
    await opened.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

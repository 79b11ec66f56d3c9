import type BetterSqlite3 from 'better-sqlite3';
import type { PassageDraft } from './chunking.js';
import type { PassageIndex, PassageHit } from './passage-index.js';

interface HitRow {
  id: number;
  file_id: number;
  page: number | null;
  start_offset: number;
  end_offset: number;
  text: string;
  score: number;
}

const toHit = (row: HitRow): PassageHit => ({
  passageId: row.id,
  fileId: row.file_id,
  page: row.page,
  start: row.start_offset,
  end: row.end_offset,
  text: row.text,
  score: row.score,
});

/**
 * Replaces files' passages with prepared statements, synchronously, as a better-sqlite3
 * transaction (a savepoint when called inside another one): the ingestion writer batches several
 * files' passages, their file rows and jobs into one transaction with it.
 */
export function createSqlitePassageWriter(db: BetterSqlite3.Database): {
  replaceFile(workspaceId: number, fileId: number, passages: PassageDraft[]): void;
  /** The same as its own IMMEDIATE transaction, for a call outside any other transaction. */
  replaceFileImmediate(workspaceId: number, fileId: number, passages: PassageDraft[]): void;
} {
  const existing = db.prepare('select id, text from passages where workspace_id = ? and file_id = ?');
  const ftsDelete = db.prepare("insert into passages_fts(passages_fts, rowid, text) values ('delete', ?, ?)");
  const deleteRows = db.prepare('delete from passages where workspace_id = ? and file_id = ?');
  const insert = db.prepare(
    'insert into passages (workspace_id, file_id, ordinal, page, start_offset, end_offset, text) values (?, ?, ?, ?, ?, ?, ?)',
  );
  const ftsInsert = db.prepare('insert into passages_fts(rowid, text) values (?, ?)');
  const replaceFile = db.transaction((workspaceId: number, fileId: number, passages: PassageDraft[]) => {
    for (const row of existing.all(workspaceId, fileId) as Array<{ id: number; text: string }>) ftsDelete.run(row.id, row.text);
    deleteRows.run(workspaceId, fileId);
    for (const p of passages) {
      const { lastInsertRowid } = insert.run(workspaceId, fileId, p.ordinal, p.page, p.start, p.end, p.text);
      ftsInsert.run(lastInsertRowid, p.text);
    }
  });
  return {
    replaceFile: (workspaceId, fileId, passages) => replaceFile(workspaceId, fileId, passages),
    replaceFileImmediate: (workspaceId, fileId, passages) => replaceFile.immediate(workspaceId, fileId, passages),
  };
}

/**
 * FTS5 over the passages table (external content). Written with prepared statements rather than
 * the query builder: MATCH, bm25() and the FTS delete command are SQLite's own syntax.
 */
export function createSqlitePassageIndex(db: BetterSqlite3.Database): PassageIndex {
  const writer = createSqlitePassageWriter(db);
  const search = db.prepare(`
    select p.id, p.file_id, p.page, p.start_offset, p.end_offset, p.text, -bm25(passages_fts) as score
    from passages_fts
    join passages p on p.id = passages_fts.rowid
    join files f on f.id = p.file_id and f.workspace_id = p.workspace_id
    where passages_fts match ? and p.workspace_id = ? and f.status = 'ready'
    order by bm25(passages_fts)
    limit ?`);
  const searchFiles = db.prepare(`
    select p.id, p.file_id, p.page, p.start_offset, p.end_offset, p.text, -bm25(passages_fts) as score
    from passages_fts
    join passages p on p.id = passages_fts.rowid
    join files f on f.id = p.file_id and f.workspace_id = p.workspace_id
    where passages_fts match ? and p.workspace_id = ? and f.status = 'ready'
      and p.file_id in (select value from json_each(?))
    order by bm25(passages_fts)
    limit ?`);
  // A per-connection view of the index's terms; temp, so it needs no migration.
  db.exec("create virtual table if not exists temp.passages_vocab using fts5vocab(main, 'passages_fts', 'row')");
  const frequency = db.prepare('select doc from temp.passages_vocab where term = ?').pluck();
  const approximateTotal = db.prepare('select coalesce(max(id), 0) from passages').pluck();
  const opening = db.prepare(`
    select p.id, p.file_id, p.page, p.start_offset, p.end_offset, p.text, 0 as score
    from passages p join files f on f.id = p.file_id and f.workspace_id = p.workspace_id
    where p.workspace_id = ? and p.file_id = ? and f.status = 'ready' and p.ordinal < ?
    order by p.ordinal`);

  return {
    async replaceFile(workspaceId, fileId, passages) {
      // IMMEDIATE: the transaction reads before it writes, and a deferred one whose snapshot another
      // process (a bulk import, the CLI) committed past fails at once with SQLITE_BUSY_SNAPSHOT,
      // whatever the busy timeout; taking the write lock first waits for the lock instead.
      writer.replaceFileImmediate(workspaceId, fileId, passages);
    },
    async deleteFiles(workspaceId, fileIds) {
      // Replacing with nothing is the delete: the FTS rows go with the passage rows.
      for (const fileId of fileIds) writer.replaceFileImmediate(workspaceId, fileId, []);
    },
    async search(workspaceId, ftsQuery, limit, fileIds) {
      const rows = fileIds
        ? searchFiles.all(ftsQuery, workspaceId, JSON.stringify(fileIds), limit)
        : search.all(ftsQuery, workspaceId, limit);
      return (rows as HitRow[]).map(toHit);
    },
    async termFrequencies(terms) {
      const frequencies = new Map<string, number>();
      for (const term of new Set(terms)) frequencies.set(term, Number(frequency.get(term) ?? 0));
      return { total: Number(approximateTotal.get()), frequencies };
    },
    async openings(workspaceId, fileIds, perFile) {
      return fileIds.flatMap((fileId) => (opening.all(workspaceId, fileId, perFile) as HitRow[]).map(toHit));
    },
  };
}

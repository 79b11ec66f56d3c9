import type BetterSqlite3 from 'better-sqlite3';
import type { PassageDraft } from './chunking.js';
import type { PassageIndex, PassageHit } from './passage-index.js';
import { PASSAGE_COUNT_KEY, termCounts } from './passage-terms.js';

interface HitRow {
  id: number;
  file_id: number;
  page: number | null;
  start_offset: number;
  end_offset: number;
  text: string;
  clause_tags: string;
  score: number;
}

const toHit = (row: HitRow): PassageHit => ({
  passageId: row.id,
  fileId: row.file_id,
  page: row.page,
  start: row.start_offset,
  end: row.end_offset,
  text: row.text,
  clauses: parseTags(row.clause_tags),
  score: row.score,
});

function parseTags(json: string): Record<string, number> {
  const tags = JSON.parse(json || '{}') as unknown;
  return tags && typeof tags === 'object' && !Array.isArray(tags) ? (tags as Record<string, number>) : {};
}

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
    'insert into passages (workspace_id, file_id, ordinal, page, start_offset, end_offset, text, clause_tags) values (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const ftsInsert = db.prepare('insert into passages_fts(rowid, text) values (?, ?)');
  const addTerm = db.prepare(
    'insert into passage_terms (workspace_id, term, passages) values (?, ?, ?) on conflict (workspace_id, term) do update set passages = passages + excluded.passages',
  );
  const dropEmptyTerm = db.prepare('delete from passage_terms where workspace_id = ? and term = ? and passages <= 0');
  const replaceFile = db.transaction((workspaceId: number, fileId: number, passages: PassageDraft[]) => {
    const old = existing.all(workspaceId, fileId) as Array<{ id: number; text: string }>;
    for (const row of old) ftsDelete.run(row.id, row.text);
    deleteRows.run(workspaceId, fileId);
    for (const p of passages) {
      const { lastInsertRowid } = insert.run(workspaceId, fileId, p.ordinal, p.page, p.start, p.end, p.text, JSON.stringify(p.clauses ?? {}));
      ftsInsert.run(lastInsertRowid, p.text);
    }
    // The workspace's own term statistics move with its passages: the file's old counts out, the new in.
    const delta = termCounts(passages.map((p) => p.text));
    for (const [term, n] of termCounts(old.map((r) => r.text))) delta.set(term, (delta.get(term) ?? 0) - n);
    for (const [term, n] of delta) {
      if (n === 0) continue;
      addTerm.run(workspaceId, term, n);
      if (n < 0) dropEmptyTerm.run(workspaceId, term);
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
    select p.id, p.file_id, p.page, p.start_offset, p.end_offset, p.text, p.clause_tags, -bm25(passages_fts) as score
    from passages_fts
    join passages p on p.id = passages_fts.rowid
    join files f on f.id = p.file_id and f.workspace_id = p.workspace_id
    where passages_fts match ? and p.workspace_id = ? and f.status = 'ready'
    order by bm25(passages_fts)
    limit ?`);
  const searchFiles = db.prepare(`
    select p.id, p.file_id, p.page, p.start_offset, p.end_offset, p.text, p.clause_tags, -bm25(passages_fts) as score
    from passages_fts
    join passages p on p.id = passages_fts.rowid
    join files f on f.id = p.file_id and f.workspace_id = p.workspace_id
    where passages_fts match ? and p.workspace_id = ? and f.status = 'ready'
      and p.file_id in (select value from json_each(?))
    order by bm25(passages_fts)
    limit ?`);
  const frequency = db.prepare('select passages from passage_terms where workspace_id = ? and term = ?').pluck();
  const opening = db.prepare(`
    select p.id, p.file_id, p.page, p.start_offset, p.end_offset, p.text, p.clause_tags, 0 as score
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
    async termFrequencies(workspaceId, terms) {
      const frequencies = new Map<string, number>();
      for (const term of new Set(terms)) if (term !== PASSAGE_COUNT_KEY) frequencies.set(term, Number(frequency.get(workspaceId, term) ?? 0));
      return { total: Number(frequency.get(workspaceId, PASSAGE_COUNT_KEY) ?? 0), frequencies };
    },
    async openings(workspaceId, fileIds, perFile) {
      return fileIds.flatMap((fileId) => (opening.all(workspaceId, fileId, perFile) as HitRow[]).map(toHit));
    },
  };
}

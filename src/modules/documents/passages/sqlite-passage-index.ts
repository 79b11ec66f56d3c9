import type BetterSqlite3 from 'better-sqlite3';
import type { PassageDraft } from './chunking.js';
import type { PassageIndex, PassageHit } from './passage-index.js';
import { storedClauseTags } from './passage-spans.js';
import { toPassageHit } from './clause-tags.js';
import type { Ranked } from './range-ranking.js';
import { createSplitSearch, type SplitSearchOptions } from './split-search.js';
import { prunedPlan, rankPruned, type PrunedPlan } from './pruned-ranking.js';
import { plainOrWords } from '../../../db/fts/fts-expression.js';
import { bm25Sql, type FtsRanking } from '../../../db/fts/folio-bm25.js';
import { createWorkspaceFtsSql, hasWorkspaceFts, perWorkspace, workspaceFtsTotals, workspaceFtsTable } from './workspace-fts.js';

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

const toHit = (row: HitRow): PassageHit => toPassageHit(row, row.score);

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
  const deleteRows = db.prepare('delete from passages where workspace_id = ? and file_id = ?');
  const insert = db.prepare(
    'insert into passages (workspace_id, file_id, ordinal, page, start_offset, end_offset, text, clause_tags) values (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const ftsOf = perWorkspace((workspaceId) => {
    db.exec(createWorkspaceFtsSql(workspaceId));
    const table = workspaceFtsTable(workspaceId);
    return {
      remove: db.prepare(`insert into ${table}(${table}, rowid, text) values ('delete', ?, ?)`),
      add: db.prepare(`insert into ${table}(rowid, text) values (?, ?)`),
    };
  });
  const replaceFile = db.transaction((workspaceId: number, fileId: number, passages: PassageDraft[]) => {
    const fts = ftsOf(workspaceId);
    for (const row of existing.all(workspaceId, fileId) as Array<{ id: number; text: string }>) fts.remove.run(row.id, row.text);
    deleteRows.run(workspaceId, fileId);
    for (const p of passages) {
      const { lastInsertRowid } = insert.run(workspaceId, fileId, p.ordinal, p.page, p.start, p.end, p.text, storedClauseTags(p));
      fts.add.run(lastInsertRowid, p.text);
    }
  });
  return {
    replaceFile: (workspaceId, fileId, passages) => replaceFile(workspaceId, fileId, passages),
    replaceFileImmediate: (workspaceId, fileId, passages) => replaceFile.immediate(workspaceId, fileId, passages),
  };
}

/**
 * The rows of ranked passage ids (a JSON array), kept only when in the workspace and of a ready file.
 * `+p.workspace_id`: the workspace is checked on each row found by id, not used to pick rows. As an
 * index term it made SQLite walk every passage of the workspace testing each against the id list:
 * 85 ms a search in a room of 20,000 documents (1.3 million passages) for 120 ids.
 */
export const HITS_SQL = `
    select p.id, p.file_id, p.page, p.start_offset, p.end_offset, p.text, p.clause_tags
    from passages p join files f on f.id = p.file_id and f.workspace_id = p.workspace_id
    where +p.workspace_id = ? and f.status = 'ready' and p.id in (select value from json_each(?))`;

/**
 * Per workspace, in how many passages each term occurs, kept while the workspace's passage and token
 * counts stay the same. fts5vocab counts a term by walking its whole posting list: 8-40 ms a question
 * in a room of 20,000 documents, for counts that change only as files come and go. A count can go
 * stale only when a file is replaced by one with as many passages and as many tokens in all. The
 * counts decide which terms are too common to search (bm25 keeps its own exact statistics) and the
 * one-word ceiling of pruned ranking, where one file's difference in a large room is noise.
 */
function documentCountCache(maxTerms = 20_000) {
  const byWorkspace = new Map<number, { total: number; tokens: number; counts: Map<string, number> }>();
  return {
    of(workspaceId: number, total: number, tokens: number): Map<string, number> {
      let entry = byWorkspace.get(workspaceId);
      if (!entry || entry.total !== total || entry.tokens !== tokens || entry.counts.size >= maxTerms) {
        if (!entry && byWorkspace.size >= 256) byWorkspace.clear();
        entry = { total, tokens, counts: new Map() };
        byWorkspace.set(workspaceId, entry);
      }
      return entry.counts;
    },
  };
}

export interface SqlitePassageIndexOptions {
  /** How a workspace-wide search of a large table splits over two threads (split-search.ts); false never splits. */
  split?: SplitSearchOptions | false;
  /** False ranks every workspace-wide search whole, never pruned (pruned-ranking.ts), for benchmarks to compare; tests lower the postings a search needs to be pruned. */
  prune?: false | { minPostings?: number };
  /** `bm25` ranks with FTS5's own function rather than folio_bm25 (folio-bm25.ts: same scores, faster), for benchmarks to compare. */
  ranking?: FtsRanking;
}

/** The index, and the close its owner calls with the connection's (it stops the split search's thread). */
export type SqlitePassageIndex = PassageIndex & { close(): Promise<void> };

/** Candidates taken from FTS5 per passage wanted: the few whose file is not `ready` are dropped after ranking. */
const OVERFETCH = 2;

/**
 * FTS5 over each workspace's passages (workspace-fts.ts). Written with prepared statements rather
 * than the query builder: MATCH, bm25() and the FTS delete command are SQLite's own syntax.
 * A search ranks inside the FTS table alone and joins only the best candidates to their rows:
 * joining every match before ranking cost several times the ranking itself on large workspaces.
 */
export function createSqlitePassageIndex(db: BetterSqlite3.Database, options: SqlitePassageIndexOptions = {}): SqlitePassageIndex {
  const writer = createSqlitePassageWriter(db);
  const split = options.split === false ? null : createSplitSearch(db, { ...options.split, ...(options.ranking ? { ranking: options.ranking } : {}) });
  const rowsOf = db.prepare(HITS_SQL);
  const known = new Set<number>();
  const hasTable = (workspaceId: number): boolean => {
    if (known.has(workspaceId)) return true;
    if (!hasWorkspaceFts(db, workspaceId)) return false;
    known.add(workspaceId);
    return true;
  };
  const queriesOf = perWorkspace((workspaceId) => {
    const table = workspaceFtsTable(workspaceId);
    // A per-connection view of the table's terms; temp, so it needs no migration.
    db.exec(`create virtual table if not exists temp.${table}_vocab using fts5vocab(main, '${table}', 'row')`);
    const bm25 = bm25Sql(db, table, options.ranking);
    return {
      rank: db.prepare(`select rowid as id, -${bm25} as score from ${table} where ${table} match ? order by ${bm25} limit ?`),
      // The matches are filtered by file after the index has found them (`+rowid` keeps the IN list
      // away from FTS5). Handed to FTS5 as a rowid constraint, the list made it evaluate the whole
      // OR-query once per listed passage: 1.4 s for three named contracts of 100, where filtering
      // the matches costs what the workspace-wide search (run first) already costs, 13 ms.
      rankWithin: db.prepare(`
        select rowid as id, -${bm25} as score from ${table}
        where ${table} match ? and +rowid in (select id from passages where workspace_id = ? and file_id in (select value from json_each(?)))
        order by ${bm25} limit ?`),
      frequency: db.prepare(`select doc from temp.${table}_vocab where term = ?`).pluck(),
    };
  });
  const documentCounts = documentCountCache();
  const opening = db.prepare(`
    select p.id, p.file_id, p.page, p.start_offset, p.end_offset, p.text, p.clause_tags, 0 as score
    from passages p join files f on f.id = p.file_id and f.workspace_id = p.workspace_id
    where p.workspace_id = ? and p.file_id = ? and f.status = 'ready' and p.ordinal < ?
    order by p.ordinal`);

  /** In how many passages of the workspace's table each term occurs (cached: documentCountCache). */
  const frequenciesOf = (workspaceId: number, terms: Iterable<string>) => {
    const { frequency } = queriesOf(workspaceId);
    const { rows: total, tokens } = workspaceFtsTotals(db, workspaceId);
    const known = documentCounts.of(workspaceId, total, tokens);
    const frequencies = new Map<string, number>();
    for (const term of new Set(terms)) {
      let n = known.get(term);
      if (n === undefined) {
        n = Number(frequency.get(term) ?? 0);
        known.set(term, n);
      }
      frequencies.set(term, n);
    }
    return { total, tokens, frequencies };
  };
  /** How a workspace-wide search of these words can skip the passages holding one of them only (pruned-ranking.ts); null to rank the whole query. */
  const prunedPlanOf = (workspaceId: number, ftsQuery: string): PrunedPlan | null => {
    const words = plainOrWords(ftsQuery);
    if (!words) return null;
    // The question's own term counts were just read (termFrequencies): these come from the cache.
    const { total, frequencies } = frequenciesOf(workspaceId, words.map((w) => w.stem));
    return prunedPlan(words.map((w) => ({ text: w.text, documents: frequencies.get(w.stem) ?? 0 })), total, options.prune ? options.prune.minPostings : undefined);
  };

  /** The ranked candidates' rows, best first, keeping only passages of the workspace's ready files. */
  const hitsOf = (workspaceId: number, ranked: Ranked[]): PassageHit[] => {
    const rows = new Map((rowsOf.all(workspaceId, JSON.stringify(ranked.map((r) => r.id))) as Omit<HitRow, 'score'>[]).map((row) => [row.id, row]));
    const hits: PassageHit[] = [];
    for (const { id, score } of ranked) {
      const row = rows.get(id);
      if (row) hits.push(toHit({ ...row, score }));
    }
    return hits;
  };

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
      if (!hasTable(workspaceId)) return [];
      const queries = queriesOf(workspaceId);
      // One MATCH expression over the workspace, on two threads where the split takes. A pruned
      // search's parts each read their own snapshot, as the split's two ranges do: a write committed
      // between parts shows in the later ones only, as in two searches a moment apart.
      const rank = async (expression: string, n: number) => (await split?.rank(workspaceId, expression, n)) ?? (queries.rank.all(expression, n) as Ranked[]);
      const plan = fileIds || options.prune === false ? null : prunedPlanOf(workspaceId, ftsQuery);
      for (let fetch = limit * OVERFETCH; ; fetch *= 4) {
        const ranked = fileIds
          ? (queries.rankWithin.all(ftsQuery, workspaceId, JSON.stringify(fileIds), fetch) as Ranked[])
          : ((plan && (await rankPruned(plan, fetch, rank))) ?? (await rank(ftsQuery, fetch)));
        const hits = hitsOf(workspaceId, ranked);
        // Enough ready passages, or the index has no more to give.
        if (hits.length >= limit || ranked.length < fetch) return hits.slice(0, limit);
      }
    },
    async termFrequencies(workspaceId, terms) {
      if (!hasTable(workspaceId)) return { total: 0, tokens: 0, frequencies: new Map<string, number>() };
      return frequenciesOf(workspaceId, terms);
    },
    async openings(workspaceId, fileIds, perFile) {
      return fileIds.flatMap((fileId) => (opening.all(workspaceId, fileId, perFile) as HitRow[]).map(toHit));
    },
    close: async () => split?.close(),
  };
}

import type BetterSqlite3 from 'better-sqlite3';
import { bm25Sql, type FtsRanking } from '../../../db/fts/folio-bm25.js';
import { workspaceFtsTable } from './workspace-fts.js';

/** A passage id ranked by FTS5, with its score (the negated bm25: higher is better). */
export interface Ranked {
  id: number;
  score: number;
}

/**
 * The workspace-wide rank statement restricted to one side of a rowid: `below` takes the ids up to
 * and including it, `above` those past it, so the two sides cover the table exactly once. FTS5
 * computes bm25's statistics (passage count, average length, each term's passage count) over the
 * whole table whatever the rowid constraint, so a passage scores the same on either side as in
 * the whole query. `db` is the connection the statement is for (bm25Sql: the ranking it can load).
 */
export function rankInRangeSql(db: BetterSqlite3.Database, workspaceId: number, side: 'below' | 'above', ranking?: FtsRanking): string {
  const table = workspaceFtsTable(workspaceId);
  const bm25 = bm25Sql(db, table, ranking);
  return `select rowid as id, -${bm25} as score from ${table} where ${table} match ? and rowid ${side === 'below' ? '<=' : '>'} ? order by ${bm25} limit ?`;
}

/** The best `limit` of two rankings, by score descending, ties by id so the order is the same every time. */
export function mergeRanked(a: Ranked[], b: Ranked[], limit: number): Ranked[] {
  return [...a, ...b].sort((x, y) => y.score - x.score || x.id - y.id).slice(0, limit);
}

/** What the calling thread asks the range-search thread. */
export interface RangeRequest {
  id: number;
  workspaceId: number;
  ftsQuery: string;
  /** Only rowids past this one. */
  after: number;
  limit: number;
}

/** The range-search thread's messages: it is ready (its connection is open), or a request's answer. */
export type RangeMessage =
  | { type: 'ready' }
  | { type: 'ranked'; id: number; ids: Float64Array; scores: Float64Array }
  | { type: 'failed'; id: number; message: string };

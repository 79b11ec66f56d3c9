import { fileURLToPath } from 'node:url';
import type BetterSqlite3 from 'better-sqlite3';

/**
 * folio_bm25 (folio-bm25.c, built by scripts/build-native.mjs): FTS5's bm25 with each passage's
 * length and each phrase's passage count kept in memory between queries, which ranks a large
 * workspace's common-word questions two to three times as fast for the same scores (and counts only
 * the rows a contentless_delete table still holds: the statute index after a re-import). SQLite appends
 * the platform's suffix (.so, .dylib, .dll) itself. The path is the same from src/ (tests) and
 * dist/ (the build).
 */
const LIBRARY = fileURLToPath(new URL('../../../build/native/folio_bm25', import.meta.url));
const ENTRY_POINT = 'sqlite3_folio_bm25_init';

/** How a search ranks: `folio_bm25` when the library loads, else FTS5's `bm25`; `bm25` always ranks with FTS5's own (benchmarks compare the two). */
export type FtsRanking = 'folio_bm25' | 'bm25';

const loaded = new WeakMap<BetterSqlite3.Database, boolean>();

/** Loads folio_bm25 into the connection, once; false when the library is not built or does not load. */
export function loadFolioBm25(db: BetterSqlite3.Database): boolean {
  let ok = loaded.get(db);
  if (ok === undefined) {
    try {
      // better-sqlite3 takes the entry point as a second argument; its type declarations omit it.
      (db.loadExtension as (path: string, entryPoint: string) => BetterSqlite3.Database)(LIBRARY, ENTRY_POINT);
      ok = true;
    } catch {
      ok = false;
    }
    loaded.set(db, ok);
  }
  return ok;
}

/**
 * The SQL of bm25 for a table on this connection, with its column weights if any (lower is better,
 * as FTS5's bm25): folio_bm25 keeping what it reads under the table's own name, unless it is not
 * available or `ranking` asks for FTS5's. `table` is one of our own table names, never user text.
 * The statement's MATCH expressions must hold plain phrases only (no `word*`, no column filter),
 * as fts-query.ts writes them: folio_bm25 keeps a phrase's count by its tokens.
 */
export function bm25Sql(db: BetterSqlite3.Database, table: string, ranking: FtsRanking = 'folio_bm25', weights: readonly number[] = []): string {
  for (const w of weights) if (!Number.isFinite(w)) throw new Error(`not a column weight: ${w}`);
  const rest = weights.map((w) => `, ${w}`).join('');
  return ranking === 'folio_bm25' && loadFolioBm25(db) ? `folio_bm25(${table}, '${table}'${rest})` : `bm25(${table}${rest})`;
}

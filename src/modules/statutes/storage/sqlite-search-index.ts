/**
 * The SQLite implementation of StatuteSearchIndex: an FTS5 table whose rowid is the version id.
 * It is contentless (content=''): the text already lives in statute_versions, and bm25 needs
 * only the index, so storing it twice would only slow the import. contentless_delete=1 (SQLite
 * 3.43+) lets a row be deleted by rowid alone.
 */
import { sql, type Kysely } from 'kysely';
import type BetterSqlite3 from 'better-sqlite3';
import type { SearchDocument, StatuteSearchHit, StatuteSearchIndex } from './search-index.js';

export const SEARCH_TABLE = 'statute_versions_fts';

/** Creates the FTS5 table; called by the statutes migration on SQLite only. */
export async function createSqliteSearchTable(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `create virtual table ${SEARCH_TABLE} using fts5(heading, text, hierarchy, content='', contentless_delete=1, tokenize='porter unicode61')`,
    )
    .execute(db);
}

export interface SearchWeights {
  heading: number;
  text: number;
  hierarchy: number;
}

/** Starting weights: a word in the catch line says more about a section than one in its body. */
export const DEFAULT_WEIGHTS: SearchWeights = { heading: 3, text: 1, hierarchy: 1.5 };

interface HitRow {
  versionId: number;
  citation: string;
  score: number;
}

/**
 * Works on the raw connection the Kysely store also uses: better-sqlite3 is synchronous and has
 * one connection, so writes made inside a Kysely transaction belong to that transaction.
 */
export function createSqliteStatuteSearchIndex(raw: BetterSqlite3.Database, weights: SearchWeights = DEFAULT_WEIGHTS): StatuteSearchIndex {
  const insert = raw.prepare(`insert into ${SEARCH_TABLE} (rowid, heading, text, hierarchy) values (?, ?, ?, ?)`);
  const remove = raw.prepare(`delete from ${SEARCH_TABLE} where rowid = ?`);
  const bm25 = `bm25(${SEARCH_TABLE}, ${weights.heading}, ${weights.text}, ${weights.hierarchy})`;
  const search = raw.prepare<[string, string, string, string, number], HitRow>(`
    select v.id as versionId, s.citation as citation, -${bm25} as score
    from ${SEARCH_TABLE}
    join statute_versions v on v.id = ${SEARCH_TABLE}.rowid
    join statute_sections s on s.id = v.section_id
    where ${SEARCH_TABLE} match ? and s.jurisdiction = ? and v.repealed = 0
      and v.effective_from <= ? and (v.effective_to is null or v.effective_to > ?)
    order by ${bm25}
    limit ?`);
  // A per-connection view of the index's terms; temp, so it needs no migration.
  raw.exec(`create virtual table if not exists temp.statute_vocab using fts5vocab(main, '${SEARCH_TABLE}', 'row')`);
  const frequency = raw.prepare('select doc from temp.statute_vocab where term = ?').pluck();
  const approximateTotal = raw.prepare('select coalesce(max(id), 0) from statute_versions').pluck();
  return {
    async termFrequencies(terms: string[]) {
      const frequencies = new Map<string, number>();
      for (const term of new Set(terms)) frequencies.set(term, Number(frequency.get(term) ?? 0));
      return { total: Number(approximateTotal.get()), frequencies };
    },
    async upsert(documents: SearchDocument[]) {
      for (const d of documents) {
        remove.run(d.versionId);
        insert.run(d.versionId, d.heading, d.text, d.hierarchy);
      }
    },
    async remove(versionIds: number[]) {
      for (const id of versionIds) remove.run(id);
    },
    async search(jurisdiction, ftsQuery, asOf, limit) {
      return search.all(ftsQuery, jurisdiction, asOf, asOf, limit).map((r: HitRow): StatuteSearchHit => ({ ...r }));
    },
  };
}

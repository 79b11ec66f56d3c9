/**
 * The SQLite implementation of StatuteSearchIndex: an FTS5 table whose rowid is the version id.
 * It is contentless (content=''): the text already lives in statute_versions, and bm25 needs
 * only the index, so storing it twice would only slow the import. contentless_delete=1 (SQLite
 * 3.43+) lets a row be deleted by rowid alone.
 */
import { sql, type Kysely } from 'kysely';
import type BetterSqlite3 from 'better-sqlite3';
import type { Database } from '../../../db/schema.js';
import { bm25Sql } from '../../../db/fts/folio-bm25.js';
import type { SearchDocument, StatuteSearchHit, StatuteSearchIndex } from './search-index.js';
import { IN_FORCE_INDEX } from './in-force-index.migration.js';

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

/**
 * The search: matches of the jurisdiction in force on a date, best first by `bm25` (an SQL ranking
 * expression, lower is better). Parameters: query, jurisdiction, date, date, limit. The in-force
 * filter reads the versions' index, not their rows (in-force-index.migration.ts): SQLite would
 * look each match up by rowid in the table, whose rows hold the whole text.
 */
export function statuteSearchSql(bm25: string): string {
  return `
    select v.id as versionId, s.citation as citation, -${bm25} as score
    from ${SEARCH_TABLE}
    join statute_versions v indexed by ${IN_FORCE_INDEX} on v.id = ${SEARCH_TABLE}.rowid
    join statute_sections s on s.id = v.section_id
    where ${SEARCH_TABLE} match ? and s.jurisdiction = ? and v.repealed = 0
      and v.effective_from <= ? and (v.effective_to is null or v.effective_to > ?)
    order by ${bm25}
    limit ?`;
}

/** Term counts kept between index changes, at most (a bound against junk questions). */
const KEPT_TERMS = 50_000;

interface HitRow {
  versionId: number;
  citation: string;
  score: number;
}

/**
 * Searches on the raw connection (prepared FTS5 statements); writes go through the transaction
 * the caller passes, so the index changes in the same transaction as the versions.
 */
export function createSqliteStatuteSearchIndex(raw: BetterSqlite3.Database, weights: SearchWeights = DEFAULT_WEIGHTS): StatuteSearchIndex {
  const table = sql.table(SEARCH_TABLE);
  // Many rows a statement: one statement per row through the query builder cost more than the FTS5 work.
  const remove = async (trx: Kysely<Database>, ids: number[]) => {
    for (let i = 0; i < ids.length; i += 500) await sql`delete from ${table} where rowid in (${sql.join(ids.slice(i, i + 500))})`.execute(trx);
  };
  const bm25 = bm25Sql(raw, SEARCH_TABLE, 'folio_bm25', [weights.heading, weights.text, weights.hierarchy]);
  const search = raw.prepare<[string, string, string, string, number], HitRow>(statuteSearchSql(bm25));
  // A per-connection view of the index's terms; temp, so it needs no migration.
  raw.exec(`create virtual table if not exists temp.statute_vocab using fts5vocab(main, '${SEARCH_TABLE}', 'row')`);
  const frequency = raw.prepare('select doc from temp.statute_vocab where term = ?').pluck();
  const approximateTotal = raw.prepare('select coalesce(max(id), 0) from statute_versions').pluck();
  // fts5vocab counts a term's versions by reading its whole posting list (~0.7 ms for a common word,
  // a seventh of a check's time), and the same words come back question after question. The counts
  // are kept until the index changes: every write to it, by any connection, writes a new FTS5
  // structure record (row 10 of its %_data table), which is read and compared at each call.
  const structure = raw.prepare(`select block from ${SEARCH_TABLE}_data where id = 10`).pluck();
  let kept: { structure: Buffer | null; counts: Map<string, number> } = { structure: null, counts: new Map() };
  return {
    async termFrequencies(terms: string[]) {
      const now = (structure.get() as Buffer | undefined) ?? null;
      if (now === null || kept.structure === null || !now.equals(kept.structure) || kept.counts.size >= KEPT_TERMS) kept = { structure: now, counts: new Map() };
      const frequencies = new Map<string, number>();
      for (const term of new Set(terms)) {
        let count = kept.counts.get(term);
        if (count === undefined) {
          count = Number(frequency.get(term) ?? 0);
          kept.counts.set(term, count);
        }
        frequencies.set(term, count);
      }
      return { total: Number(approximateTotal.get()), frequencies };
    },
    async upsert(trx, documents: SearchDocument[]) {
      await remove(trx, documents.map((d) => d.versionId));
      for (let i = 0; i < documents.length; i += 200) {
        const rows = documents.slice(i, i + 200).map((d) => sql`(${d.versionId}, ${d.heading}, ${d.text}, ${d.hierarchy})`);
        await sql`insert into ${table} (rowid, heading, text, hierarchy) values ${sql.join(rows)}`.execute(trx);
      }
    },
    remove,
    async search(jurisdiction, ftsQuery, asOf, limit) {
      return search.all(ftsQuery, jurisdiction, asOf, asOf, limit).map((r: HitRow): StatuteSearchHit => ({ ...r }));
    },
  };
}

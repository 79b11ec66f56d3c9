/**
 * The PostgreSQL implementation of StatuteSearchIndex: one row per version holding a tsvector of
 * its heading (label A), hierarchy (B) and text (D), GIN-indexed, ranked by FTS5's weighted bm25
 * (db/fts/bm25.ts) so both backends order sections alike.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { createRankedSearch, type CandidateRow } from '../../../db/fts/postgres-ranked-search.js';
import { analyzeTables } from '../../../db/planner-statistics.js';
import { mergeGinPendingLists } from '../../../db/gin-pending-lists.js';
import { buildTsvector } from '../../../db/fts/tsvector.js';
import { refreshTermCounts } from '../../../db/fts/term-counts.js';
import type { SearchDocument, StatuteSearchIndex } from './search-index.js';
import { DEFAULT_WEIGHTS, type SearchWeights } from './sqlite-search-index.js';

export const PG_SEARCH_TABLE = 'statute_versions_search';
/** The labels of a row's columns in position order: heading, hierarchy, text (label_starts: where the last two start). */
export const SEARCH_COLUMNS = ['A', 'B', 'D'] as const;
/** The tables an import writes, whose statistics research queries plan on. */
const IMPORTED_TABLES = ['statute_codes', 'statute_publications', 'statute_sections', 'statute_observations', 'statute_versions', PG_SEARCH_TABLE];

/** Creates the search table; called by the statutes migration on PostgreSQL only. */
export async function createPostgresSearchTable(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`create table ${PG_SEARCH_TABLE} (id integer primary key, tsv tsvector not null, token_count integer not null)`).execute(db);
  await sql.raw(`create index ${PG_SEARCH_TABLE}_tsv on ${PG_SEARCH_TABLE} using gin (tsv)`).execute(db);
}

export function createPostgresStatuteSearchIndex(db: Kysely<Database>, weights: SearchWeights = DEFAULT_WEIGHTS): StatuteSearchIndex {
  const ranked = createRankedSearch({ table: PG_SEARCH_TABLE, weights: { A: weights.heading, B: weights.hierarchy, D: weights.text }, columns: SEARCH_COLUMNS, stamped: true, termCounts: true });
  const remove = async (trx: Kysely<Database>, ids: number[]) => {
    for (let i = 0; i < ids.length; i += 5000) await sql`delete from ${sql.table(PG_SEARCH_TABLE)} where id = any(${ids.slice(i, i + 5000)}::int[])`.execute(trx);
  };
  return {
    async upsert(trx, documents: SearchDocument[]) {
      for (let i = 0; i < documents.length; i += 500) {
        const rows = documents.slice(i, i + 500).map((d) => {
          const tsv = buildTsvector([d.heading, d.hierarchy, d.text].map((text, i) => ({ text, label: SEARCH_COLUMNS[i]! })));
          return sql`(${d.versionId}, ${tsv.text}::tsvector, ${tsv.tokenCount}, ${tsv.labelStarts}::smallint[])`;
        });
        await sql`insert into ${sql.table(PG_SEARCH_TABLE)} (id, tsv, token_count, label_starts) values ${sql.join(rows)}
          on conflict (id) do update set tsv = excluded.tsv, token_count = excluded.token_count, label_starts = excluded.label_starts`.execute(trx);
      }
    },
    remove,
    async search(jurisdiction, ftsQuery, asOf, limit) {
      const scored = await ranked.search(
        db,
        ftsQuery,
        (tsquery) => sql<CandidateRow>`
          select x.id, x.tsv, x.token_count, x.label_starts from ${sql.table(PG_SEARCH_TABLE)} x
          join statute_versions v on v.id = x.id
          join statute_sections s on s.id = v.section_id
          where x.tsv @@ ${tsquery} and s.jurisdiction = ${jurisdiction} and v.repealed = 0
            and v.effective_from <= ${asOf} and (v.effective_to is null or v.effective_to > ${asOf})`,
        limit,
      );
      if (scored.length === 0) return [];
      const rows = await db
        .selectFrom('statute_versions as v')
        .innerJoin('statute_sections as s', 's.id', 'v.section_id')
        .select(['v.id', 's.citation'])
        .where('v.id', 'in', scored.map((s) => s.id))
        .execute();
      const citations = new Map(rows.map((r) => [r.id, r.citation]));
      return scored.flatMap((s) => (citations.has(s.id) ? [{ versionId: s.id, citation: citations.get(s.id)!, score: s.score }] : []));
    },
    termFrequencies(terms) {
      return ranked.termFrequencies(db, terms);
    },
    async afterImport() {
      await analyzeTables(db, IMPORTED_TABLES);
      await mergeGinPendingLists(db, [`${PG_SEARCH_TABLE}_tsv`]);
      await refreshTermCounts(db, PG_SEARCH_TABLE);
    },
  };
}

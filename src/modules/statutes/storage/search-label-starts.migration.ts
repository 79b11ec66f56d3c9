import { sql, type Kysely } from 'kysely';
import type { Dialect, Migration } from '../../../db/migrations/column-types.js';

/**
 * PostgreSQL's statute search rows hold where their hierarchy and text columns start
 * (`label_starts`), so the ranked search can keep only the query's stems in one cheap filter and
 * still weigh a heading word as a heading word (postgres-ranked-search.ts, readScores).
 * Rows written before this migration get theirs from their own tsvector: the first position not
 * labelled A, and the first labelled D (16384, past any position, where there is none). For a
 * column that has tokens that is where it starts; where it has none, any start between its
 * neighbours labels every position alike.
 */
async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`alter table statute_versions_search add column label_starts smallint[]`.execute(db);
  await sql`
    update statute_versions_search x set label_starts = array[
      coalesce((select min(p) from unnest(x.tsv) u, unnest(u.positions, u.weights) z(p, w) where w <> 'A'), 16384),
      coalesce((select min(p) from unnest(x.tsv) u, unnest(u.positions, u.weights) z(p, w) where w = 'D'), 16384)
    ]::smallint[]`.execute(db);
  await sql`alter table statute_versions_search alter column label_starts set not null`.execute(db);
}

export const searchLabelStartsMigration: Migration = { name: '022-statute-search-label-starts', up };

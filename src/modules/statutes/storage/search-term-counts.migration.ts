import { sql, type Kysely } from 'kysely';
import type { Dialect, Migration } from '../../../db/migrations/column-types.js';
import { countTermsIn } from '../../../db/fts/term-counts.js';
import { PG_SEARCH_TABLE } from './postgres-search-index.js';

/**
 * Kept per-lexeme row counts of a search table that is one index, and the stamp they were counted
 * at (db/fts/term-counts.ts): on PostgreSQL, the statute search's. A database with statutes
 * already loaded has them counted here.
 */
async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`
    create table search_term_counts (
      index_name text not null,
      lexeme text not null,
      ndoc integer not null,
      primary key (index_name, lexeme)
    )`.execute(db);
  await sql`create table search_term_count_stamps (index_name text primary key, stamp bigint not null)`.execute(db);
  await countTermsIn(db, PG_SEARCH_TABLE);
}

export const searchTermCountsMigration: Migration = { name: '023-search-term-counts', up };

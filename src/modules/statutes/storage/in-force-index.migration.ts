import type { Kysely } from 'kysely';
import type { Dialect, Migration } from '../../../db/migrations/column-types.js';

/** The index the statute search reads its in-force filter from (sqlite-search-index.ts). */
export const IN_FORCE_INDEX = 'statute_versions_in_force';

/**
 * Every version's in-force columns, keyed by id: the statute search filters each full-text match
 * on them. Read from the table, each filter lands on the page of a row whose text fills it; these
 * few columns of all versions fit in a few MB, so they stay cached. Measured on the shared
 * corpora (22 dev ask questions, in process): ask p50 45 → 31 ms warm, 66 → 50 ms cold.
 * SQLite only: PostgreSQL's search (postgres-search-index.ts) was not measured with it.
 */
async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'sqlite') return;
  await db.schema
    .createIndex(IN_FORCE_INDEX)
    .on('statute_versions')
    .columns(['id', 'section_id', 'repealed', 'effective_from', 'effective_to'])
    .execute();
}

export const inForceIndexMigration: Migration = { name: '020-statute-versions-in-force', up };

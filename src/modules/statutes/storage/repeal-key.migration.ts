import { sql, type Kysely } from 'kysely';
import type { Dialect, Migration } from '../../../db/migrations/column-types.js';
import { REPEAL_KEY } from '../versioning.js';

/**
 * The content key of repealed versions was '\u0000repealed': SQLite stored it, PostgreSQL refuses
 * text with a NUL byte (so an import with a repeal, and `folio migrate-data`, failed there). Stored
 * keys are renamed to the new one, so the next import sees those versions unchanged.
 */
async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'sqlite') return; // No PostgreSQL database can hold the old key.
  await sql`update statute_versions set content_hash = ${REPEAL_KEY} where content_hash = char(0) || 'repealed'`.execute(db);
}

export const repealKeyMigration: Migration = { name: '016-statute-repeal-key', up };

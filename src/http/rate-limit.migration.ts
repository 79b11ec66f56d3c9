import type { Kysely } from 'kysely';
import type { Migration } from '../db/migrations/column-types.js';

/** Rate-limit windows in the database, for several processes on PostgreSQL without Redis. */
async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limit_windows')
    .addColumn('window_key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('reset_at_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limit_windows_reset').on('rate_limit_windows').column('reset_at_ms').execute();
}

export const rateLimitMigration: Migration = { name: '015-rate-limit-windows', up };

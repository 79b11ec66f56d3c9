import type { Kysely } from 'kysely';
import type { Migration } from '../db/migrations/column-types.js';

/** The size of each window's latest lease, which the taking process reads back (database-rate-limit.ts). */
async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('rate_limit_windows').addColumn('last_grant', 'integer', (c) => c.notNull().defaultTo(1)).execute();
}

export const rateLimitGrantsMigration: Migration = { name: '026-rate-limit-grants', up };

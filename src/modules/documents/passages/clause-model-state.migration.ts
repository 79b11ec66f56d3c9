import type { Kysely } from 'kysely';
import type { Migration } from '../../../db/migrations/column-types.js';

/**
 * Facts about the data folder as a whole, by key. The first is which clause model tagged the stored
 * passages (clause-retag.ts). No row is written here: a folder migrated from before has passages
 * tagged by some earlier model, and the first start re-tags them.
 */
async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('system_state')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

export const clauseModelStateMigration: Migration = { name: '018-system-state', up };

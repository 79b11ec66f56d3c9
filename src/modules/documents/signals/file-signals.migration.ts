import type { Kysely } from 'kysely';
import type { Migration } from '../../../db/migrations/column-types.js';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('file_signals')
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspaces.id'))
    .addColumn('file_id', 'integer', (c) => c.notNull().references('files.id'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('signals', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('file_signals_pk', ['workspace_id', 'file_id'])
    .execute();
}

/** Files ingested before it have no row: their signals are read from their openings, as before. */
export const fileSignalsMigration: Migration = { name: '017-file-signals', up };

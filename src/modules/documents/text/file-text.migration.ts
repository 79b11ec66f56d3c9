import type { Kysely } from 'kysely';
import type { Migration } from '../../../db/migrations/column-types.js';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('file_pages')
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspaces.id'))
    .addColumn('file_id', 'integer', (c) => c.notNull().references('files.id'))
    .addColumn('page', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('file_pages_pk', ['workspace_id', 'file_id', 'page'])
    .execute();
}

export const fileTextMigration: Migration = { name: '004-file-pages', up };

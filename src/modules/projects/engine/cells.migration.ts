import type { Kysely } from 'kysely';
import type { Migration } from '../../../db/migrations/column-types.js';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('project_cells')
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspaces.id'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id'))
    .addColumn('row_id', 'integer', (c) => c.notNull())
    .addColumn('column_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('queued', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('generation', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('value', 'text')
    .addColumn('display', 'text')
    .addColumn('citations', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('error', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('project_cells_pk', ['row_id', 'column_id'])
    .execute();
  await db.schema.createIndex('project_cells_by_project').on('project_cells').columns(['workspace_id', 'project_id']).execute();
  await db.schema.createIndex('project_cells_queue').on('project_cells').columns(['queued', 'status']).execute();
}

export const projectCellsMigration: Migration = { name: '011-project-cells', up };

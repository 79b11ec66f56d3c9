import type { Kysely } from 'kysely';
import type { Migration } from '../../db/migrations/column-types.js';

/**
 * Indexes only, no table changes: per-workspace (and, through workspaces_org, per-org) counts of
 * pending ingestion jobs for the queue limits, and files in id order within a workspace for the
 * document tree and its cursor pages (the unique (workspace_id, sha256) index made every page sort
 * the whole workspace).
 */
async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('ingestion_jobs_workspace_state').on('ingestion_jobs').columns(['workspace_id', 'state']).execute();
  await db.schema.createIndex('files_workspace_id').on('files').columns(['workspace_id', 'id']).execute();
}

export const documentsIndexesMigration: Migration = { name: '008-queue-and-tree-indexes', up };

import { sql, type Kysely } from 'kysely';
import type { Dialect, Migration } from '../../../db/migrations/column-types.js';
import { createWorkspaceFtsSql, workspaceFtsTable } from './workspace-fts.js';

/**
 * Moves the one shared passage index into a table per workspace (see workspace-fts.ts): each
 * workspace's table is filled from its stored passages, then the shared table is dropped. One
 * transaction, like every migration: a crash leaves the old index in place.
 */
async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'sqlite') return;
  const workspaces = await sql<{ workspace_id: number }>`select distinct workspace_id from passages`.execute(db);
  for (const { workspace_id: id } of workspaces.rows) {
    await sql.raw(createWorkspaceFtsSql(id)).execute(db);
    const table = sql.table(workspaceFtsTable(id));
    await sql`insert into ${table}(rowid, text) select id, text from passages where workspace_id = ${id} order by id`.execute(db);
  }
  await sql`drop table if exists passages_fts`.execute(db);
}

export const workspaceFtsMigration: Migration = { name: '014-workspace-passage-fts', up };

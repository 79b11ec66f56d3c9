import { sql, type Kysely } from 'kysely';
import type { Dialect, Migration } from '../../db/migrations/column-types.js';

/**
 * A stamp per workspace that changes whenever its document tree does: a file or directory is
 * added, removed, renamed or moved. The cached tree (src/db/store.ts) was good only while the
 * database was unchanged, so under ingestion every commit (a batch of passages, a status, a job)
 * threw away a tree of thousands of files that had not changed. Triggers keep the stamp, so every
 * writer counts (the server, its index writer thread, the CLI, another server on PostgreSQL), and
 * a status change, which the tree does not show, leaves it alone.
 */
async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('tree_stamps')
    .addColumn('workspace_id', 'integer', (c) => c.primaryKey())
    .addColumn('stamp', 'integer', (c) => c.notNull())
    .execute();
  const tables = [
    { table: 'files', columns: 'file_name, parent_directory_id, workspace_id' },
    { table: 'directories', columns: 'name, parent_directory_id, workspace_id' },
  ];
  if (dialect === 'postgres') {
    await sql`
      create function bump_tree_stamp() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then
          insert into tree_stamps (workspace_id, stamp) values (old.workspace_id, 1)
            on conflict (workspace_id) do update set stamp = tree_stamps.stamp + 1;
        end if;
        if tg_op <> 'DELETE' then
          insert into tree_stamps (workspace_id, stamp) values (new.workspace_id, 1)
            on conflict (workspace_id) do update set stamp = tree_stamps.stamp + 1;
        end if;
        return null;
      end $$`.execute(db);
    for (const { table, columns } of tables) {
      await sql
        .raw(`create trigger ${table}_tree_stamp after insert or delete or update of ${columns} on ${table} for each row execute function bump_tree_stamp()`)
        .execute(db);
    }
    return;
  }
  const bump = (row: 'new' | 'old') =>
    `insert into tree_stamps (workspace_id, stamp) values (${row}.workspace_id, 1) on conflict (workspace_id) do update set stamp = stamp + 1;`;
  for (const { table, columns } of tables) {
    await sql.raw(`create trigger ${table}_tree_stamp_insert after insert on ${table} begin ${bump('new')} end`).execute(db);
    await sql.raw(`create trigger ${table}_tree_stamp_delete after delete on ${table} begin ${bump('old')} end`).execute(db);
    await sql.raw(`create trigger ${table}_tree_stamp_update after update of ${columns} on ${table} begin ${bump('old')} ${bump('new')} end`).execute(db);
  }
}

export const treeStampsMigration: Migration = { name: '019-tree-stamps', up };

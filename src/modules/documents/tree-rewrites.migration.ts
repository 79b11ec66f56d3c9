import { sql, type Kysely } from 'kysely';
import type { Dialect, Migration } from '../../db/migrations/column-types.js';

/**
 * Beside each workspace's tree stamp, a count of the changes to its tree that were not additions:
 * a file or directory removed, renamed or moved. While it stands still, a tree read since only
 * gained rows with higher ids, and the cached tree is extended by reading those
 * (tree-snapshot.ts) instead of listing every file again: under uploads, a room of 3,000 files was
 * listed again at every upload, 8 ms of the event loop each time.
 */
async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await sql`alter table tree_stamps add column rewrites integer not null default 0`.execute(db);
  if (dialect === 'postgres') {
    await sql`
      create or replace function bump_tree_stamp() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then
          insert into tree_stamps (workspace_id, stamp, rewrites) values (old.workspace_id, 1, 1)
            on conflict (workspace_id) do update set stamp = tree_stamps.stamp + 1, rewrites = tree_stamps.rewrites + 1;
        end if;
        if tg_op = 'INSERT' then
          insert into tree_stamps (workspace_id, stamp) values (new.workspace_id, 1)
            on conflict (workspace_id) do update set stamp = tree_stamps.stamp + 1;
        elsif tg_op = 'UPDATE' then
          insert into tree_stamps (workspace_id, stamp, rewrites) values (new.workspace_id, 1, 1)
            on conflict (workspace_id) do update set stamp = tree_stamps.stamp + 1, rewrites = tree_stamps.rewrites + 1;
        end if;
        return null;
      end $$`.execute(db);
    return;
  }
  const rewrite = (row: 'new' | 'old') =>
    `insert into tree_stamps (workspace_id, stamp, rewrites) values (${row}.workspace_id, 1, 1) on conflict (workspace_id) do update set stamp = stamp + 1, rewrites = rewrites + 1;`;
  for (const { table, columns } of [
    { table: 'files', columns: 'file_name, parent_directory_id, workspace_id' },
    { table: 'directories', columns: 'name, parent_directory_id, workspace_id' },
  ]) {
    await sql.raw(`drop trigger ${table}_tree_stamp_delete`).execute(db);
    await sql.raw(`drop trigger ${table}_tree_stamp_update`).execute(db);
    await sql.raw(`create trigger ${table}_tree_stamp_delete after delete on ${table} begin ${rewrite('old')} end`).execute(db);
    await sql.raw(`create trigger ${table}_tree_stamp_update after update of ${columns} on ${table} begin ${rewrite('old')} ${rewrite('new')} end`).execute(db);
  }
}

export const treeRewritesMigration: Migration = { name: '024-tree-rewrites', up };

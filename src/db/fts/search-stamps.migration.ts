import { sql, type Kysely } from 'kysely';
import type { Dialect, Migration } from '../migrations/column-types.js';

/**
 * On PostgreSQL, a stamp per searched table and scope that changes whenever the scope's rows do: a
 * workspace's passages and its files, the whole statute search table. Ranked search
 * (postgres-ranked-search.ts) keeps its phrase counts and index totals until the stamp moves. They
 * used to expire after 2 s, so a question asked after a pause paid about 60 ms of counting scans.
 * The store keeps a workspace's ready files (and answering what it derives from the list) until
 * the files' stamp moves (store.ts). Triggers keep the stamps, so every writer counts: the server,
 * its ingestion writer, the CLI's imports, migrate-data's copy, another server on the same
 * database. They fire once per statement, not per row, because ingestion inserts passages 500 to a
 * statement. A writer's stamp row stays locked until it commits: two transactions writing one
 * workspace's passages (or files) take turns at their commits.
 * SQLite's FTS5 tables keep their own statistics and need none of this.
 */
async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`
    create table search_stamps (
      index_name text not null,
      scope_key text not null,
      stamp bigint not null,
      primary key (index_name, scope_key)
    )`.execute(db);
  // Passages and files: the workspaces of the rows a statement changed, from its transition table.
  // Sorted, so that two statements stamping several workspaces lock their rows in the same order.
  await sql`
    create function stamp_workspace_search() returns trigger language plpgsql as $$
    begin
      insert into search_stamps (index_name, scope_key, stamp)
        select tg_table_name, w.key, 1 from (select distinct workspace_id::text as key from changed) w order by w.key
        on conflict (index_name, scope_key) do update set stamp = search_stamps.stamp + 1;
      return null;
    end $$`.execute(db);
  // A table that is one index (statutes, scope ''), and any truncation: every scope of the table moves.
  await sql`
    create function stamp_whole_search() returns trigger language plpgsql as $$
    begin
      if tg_op = 'TRUNCATE' then
        update search_stamps set stamp = stamp + 1 where index_name = tg_table_name and scope_key <> '';
      end if;
      insert into search_stamps (index_name, scope_key, stamp) values (tg_table_name, '', 1)
        on conflict (index_name, scope_key) do update set stamp = search_stamps.stamp + 1;
      return null;
    end $$`.execute(db);
  for (const table of ['passages', 'files']) {
    for (const [event, rows] of [['insert', 'new'], ['update', 'new'], ['delete', 'old']] as const) {
      await sql
        .raw(`create trigger ${table}_search_stamp_${event} after ${event} on ${table} referencing ${rows} table as changed for each statement execute function stamp_workspace_search()`)
        .execute(db);
    }
    await sql.raw(`create trigger ${table}_search_stamp_truncate after truncate on ${table} for each statement execute function stamp_whole_search()`).execute(db);
  }
  await sql
    .raw('create trigger statute_search_stamp after insert or update or delete or truncate on statute_versions_search for each statement execute function stamp_whole_search()')
    .execute(db);
}

export const searchStampsMigration: Migration = { name: '021-search-stamps', up };

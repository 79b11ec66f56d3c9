import { sql, type Kysely } from 'kysely';

/**
 * The stamp of one scope of a stamped table on PostgreSQL (search-stamps.migration.ts): `table` is
 * the table's name, `scope` a workspace id as text, or '' where the table is one index. 0 before the
 * scope's first write. Read it before what it vouches for: a write committed after the read moves it.
 */
export async function readSearchStamp(db: Kysely<any>, table: string, scope: string): Promise<number> {
  const { rows } = await sql<{ stamp: string }>`select stamp::text as stamp from search_stamps where index_name = ${table} and scope_key = ${scope}`.execute(db);
  return Number(rows[0]?.stamp ?? 0);
}

import { sql, type Kysely } from 'kysely';
import { readSearchStamp } from './search-stamps.js';

/**
 * In how many rows of a table that is one index (statutes: scope '') each lexeme occurs, counted
 * once after the table is written (an import, migrate-data's copy) and kept in
 * `search_term_counts` with the table's search stamp at that moment (the tables are made by the
 * statutes' search-term-counts.migration.ts). A question's words were counted one GIN lookup each
 * when first asked: on the D.C. Code a cold ask's counts took 20 ms on average and up to 143 ms,
 * more than the ranking itself. `ts_stat` counts all 19,594 lexemes of the shared corpora in under
 * a second. PostgreSQL only; SQLite's FTS5 keeps its own.
 */
export async function refreshTermCounts(db: Kysely<any>, table: string): Promise<void> {
  // One snapshot: the stamp read is the one of the rows counted.
  await db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute((trx) => countTermsIn(trx, table));
}

/** refreshTermCounts inside the caller's transaction (a migration's), whose snapshot it counts. */
export async function countTermsIn(trx: Kysely<any>, table: string): Promise<void> {
  const stamp = await readSearchStamp(trx, table, '');
  await sql`delete from search_term_counts where index_name = ${table}`.execute(trx);
  await sql`
    insert into search_term_counts (index_name, lexeme, ndoc)
    select ${table}, word, ndoc from ts_stat(${`select tsv from ${quoteIdentifier(table)}`})`.execute(trx);
  await sql`
    insert into search_term_count_stamps (index_name, stamp) values (${table}, ${stamp})
    on conflict (index_name) do update set stamp = excluded.stamp`.execute(trx);
}

/**
 * The kept counts of `lexemes` (absent: in no row), if they were counted at `stamp` (the table's
 * current one, read first); else null, and the caller counts them itself.
 */
export async function readTermCounts(db: Kysely<any>, table: string, stamp: number, lexemes: string[]): Promise<Map<string, number> | null> {
  const { rows } = await sql<{ stamp: string; counts: Record<string, number> | null }>`
    select s.stamp::text as stamp,
      (select json_object_agg(t.lexeme, t.ndoc) from search_term_counts t where t.index_name = s.index_name and t.lexeme = any(${lexemes}::text[])) as counts
    from search_term_count_stamps s where s.index_name = ${table}`.execute(db);
  const row = rows[0];
  if (!row || Number(row.stamp) !== stamp) return null;
  return new Map(lexemes.map((lexeme) => [lexeme, Number(row.counts?.[lexeme] ?? 0)]));
}

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

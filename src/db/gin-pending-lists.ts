/**
 * Merges GIN indexes' pending lists into the indexes. With GIN's fast update (PostgreSQL's
 * default), rows inserted into a tsvector index go to an unsorted pending list that every search
 * of the index reads whole, until VACUUM (autovacuum) merges it or it passes
 * gin_pending_list_limit (4 MB). After a bulk load the list is full, and with autovacuum off (as on
 * the machines these figures come from) it stays full: 399 contracts imported left 443 pending
 * pages, and workspace questions took 38 ms at the median, 25 ms once merged. Turning fast update
 * off instead made the same import 70% slower (12.2 s to 20.6 s): the merge is cheaper in bulk.
 */
import { sql, type Kysely } from 'kysely';

/** Merges each index's pending list; resolves with the pending pages merged, all indexes together. */
export async function mergeGinPendingLists(db: Kysely<any>, indexes: readonly string[]): Promise<number> {
  let pages = 0;
  for (const index of indexes) {
    const { rows } = await sql<{ pages: number }>`select gin_clean_pending_list(${index}::regclass)::int8 as pages`.execute(db);
    pages += Number(rows[0]?.pages ?? 0);
  }
  return pages;
}

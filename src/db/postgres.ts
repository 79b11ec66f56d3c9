import pg from 'pg';
import { Kysely, PostgresDialect, type KyselyPlugin } from 'kysely';
import type { Database } from './schema.js';
import { preparingPool } from './prepared-statements.js';

export interface PostgresHandle {
  db: Kysely<Database>;
  /** The pool behind Kysely, for LISTEN/NOTIFY and the few statements written by hand. */
  pool: pg.Pool;
}

/*
 * Counts and bigint columns (files.size_bytes) come back from pg as strings by default, because
 * int8 can exceed 2^53. Folio's counts and sizes never do, and the repositories expect numbers as
 * SQLite returns them, so int8 is parsed as a number on this pool's connections only.
 */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** Opens a pool on a `postgres://` URL (its `options=-c search_path=...` selects a schema). */
export function openPostgres(url: string, options: { max?: number; plugins?: KyselyPlugin[] } = {}): PostgresHandle {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, types });
  // An idle client's error (the server restarted) must not end the process: the pool replaces it.
  pool.on('error', () => {});
  // PostgreSQL's default random_page_cost (4) models spinning disks: with it the planner scans
  // every passage of a workspace for each term rather than use the GIN index (10 ms a term at
  // 7,000 passages, against 1.3 ms through the index). The working set of a search is cached or on
  // SSD, for which 1.1 is the usual setting. Queued before any query of the new connection.
  pool.on('connect', (client) => {
    client.query('set random_page_cost = 1.1').catch(() => {});
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }), plugins: options.plugins ?? [] });
  return { db, pool };
}

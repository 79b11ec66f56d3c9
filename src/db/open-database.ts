import { join } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import type { Kysely, KyselyPlugin } from 'kysely';
import type pg from 'pg';
import type { Dialect } from './migrations/column-types.js';
import { migrate } from './migrations/migrate.js';
import type { ChangeToken } from './read-cache.js';
import type { Database } from './schema.js';
import { openSqlite } from './sqlite.js';

/** The connection a process (or a worker thread) works through, and which backend it is. */
export type OpenedDatabase =
  | { dialect: 'sqlite'; db: Kysely<Database>; raw: BetterSqlite3.Database; changeToken: ChangeToken; close(): Promise<void> }
  | { dialect: 'postgres'; db: Kysely<Database>; pool: pg.Pool; close(): Promise<void> };

export interface DatabaseConfig {
  /** `postgres://...`, or null for the embedded SQLite file. */
  databaseUrl: string | null;
  /** Holds `folio.db` when no URL is set. */
  dataDir: string;
}

/**
 * Opens the metadata database the configuration names and brings it to the current schema. The
 * one function that opens a database: the server, every CLI command and worker threads call it
 * with their config.
 */
export async function openDatabase(config: DatabaseConfig, options: { migrate?: boolean; plugins?: KyselyPlugin[] } = {}): Promise<OpenedDatabase> {
  // pg is loaded only when used: the SQLite default (and every CLI command on it) does not pay for it.
  const postgres = config.databaseUrl ? await import('./postgres.js') : null;
  const opened: OpenedDatabase = config.databaseUrl && postgres
    ? (() => {
        const { db, pool } = postgres.openPostgres(config.databaseUrl, options.plugins ? { plugins: options.plugins } : {});
        return { dialect: 'postgres' as const, db, pool, close: () => db.destroy() };
      })()
    : (() => {
        const { db, raw, changeToken } = openSqlite(join(config.dataDir, 'folio.db'));
        return { dialect: 'sqlite' as const, db, raw, changeToken, close: () => db.destroy() };
      })();
  if (options.migrate ?? true) {
    try {
      await migrate(opened.db as unknown as Kysely<unknown>, opened.dialect satisfies Dialect);
    } catch (error) {
      await opened.close();
      throw error;
    }
  }
  return opened;
}

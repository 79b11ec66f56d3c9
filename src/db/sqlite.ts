import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from './schema.js';

export interface SqliteHandle {
  db: Kysely<Database>;
  /** The raw connection, for the few SQLite-only statements (FTS5) behind their own interfaces. */
  raw: BetterSqlite3.Database;
}

/** Opens (creating if needed) the SQLite file in WAL mode, tuned for one writer and many readers. */
export function openSqlite(path: string): SqliteHandle {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const raw = new BetterSqlite3(path);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  raw.pragma('foreign_keys = ON');
  // Another process (the CLI) may write while the server runs: wait for the lock instead of failing.
  raw.pragma('busy_timeout = 5000');
  raw.pragma('cache_size = -65536');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: raw }) });
  return { db, raw };
}

import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from './schema.js';

export interface SqliteHandle {
  db: Kysely<Database>;
  /** Changes whenever any connection commits: `data_version` sees other processes, `total_changes()` this one. */
  changeToken: () => string;
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
  raw.pragma('cache_size = -16384');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(raw) }) });
  const dataVersion = raw.prepare('pragma data_version').pluck();
  const totalChanges = raw.prepare('select total_changes()').pluck();
  // `pragma data_version` costs microseconds, a real share of a cached request: it is read once
  // per event-loop turn, so another process's commit is seen from the next turn on. This
  // connection's own writes are seen at once through total_changes(), which is nearly free.
  let otherWriters: string | null = null;
  const changeToken = () => {
    if (otherWriters === null) {
      otherWriters = String(dataVersion.get());
      setImmediate(() => {
        otherWriters = null;
      });
    }
    return `${otherWriters}:${String(totalChanges.get())}`;
  };
  return { db, raw, changeToken };
}

/**
 * A read-only connection to an existing database file, for threads that only read (the answering
 * threads): WAL lets it read while the server's connection and the index writer write. No change
 * token: the caches it backs are keyed by immutable ids or read their own stamp.
 */
export function openSqliteReadOnly(path: string): { db: Kysely<Database>; raw: BetterSqlite3.Database } {
  const raw = new BetterSqlite3(path, { readonly: true, fileMustExist: true });
  // A checkpoint or a writer holding the lock briefly: wait rather than fail the read.
  raw.pragma('busy_timeout = 5000');
  raw.pragma('cache_size = -16384');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(raw) }) });
  return { db, raw };
}

/**
 * Kysely's SQLite driver prepares every statement on every execution; preparing costs more than
 * running a point lookup. Repository queries repeat the same SQL text, so prepared statements
 * are kept by text (bounded: dynamic IN-lists make new texts).
 */
function withStatementCache(raw: BetterSqlite3.Database, limit = 500): BetterSqlite3.Database {
  const cache = new Map<string, BetterSqlite3.Statement>();
  const prepare = raw.prepare.bind(raw);
  return new Proxy(raw, {
    get(target, property, receiver) {
      if (property !== 'prepare') return Reflect.get(target, property, receiver) as unknown;
      return (source: string) => {
        let statement = cache.get(source);
        if (!statement) {
          if (cache.size >= limit) cache.delete(cache.keys().next().value as string);
          statement = prepare(source);
          cache.set(source, statement);
        }
        return statement;
      };
    },
  });
}

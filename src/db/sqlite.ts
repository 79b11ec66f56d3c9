import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, type Driver, type QueryResult } from 'kysely';
import type { Database } from './schema.js';
import { SplitSqliteDriver } from './sqlite-driver.js';

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
  const writer = withStatementCache(raw, { writesWait: false });
  // The second connection, for reads outside transactions (sqlite-driver.ts).
  const reader = path === ':memory:' ? null : withStatementCache(openReadOnlyConnection(path));
  const db = new Kysely<Database>({ dialect: new SplitSqliteDialect(writer, reader) });
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
  const raw = openReadOnlyConnection(path);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(raw) }) });
  return { db, raw };
}

/** A read-only connection to an existing database file. */
function openReadOnlyConnection(path: string): BetterSqlite3.Database {
  const raw = new BetterSqlite3(path, { readonly: true, fileMustExist: true });
  // A checkpoint, WAL recovery or a writer holding the lock briefly: wait rather than fail the read.
  raw.pragma('busy_timeout = 5000');
  raw.pragma('cache_size = -16384');
  return raw;
}

/**
 * Kysely's SQLite driver prepares every statement on every execution; preparing costs more than
 * running a point lookup. Repository queries repeat the same SQL text, so prepared statements
 * are kept by text (bounded: dynamic IN-lists make new texts).
 */
function withStatementCache(raw: BetterSqlite3.Database, options: { writesWait?: boolean } = {}, limit = 500): BetterSqlite3.Database {
  const cache = new Map<string, BetterSqlite3.Statement>();
  const prepare = raw.prepare.bind(raw);
  const noWait = options.writesWait === false ? raw.prepare('pragma busy_timeout = 0') : null;
  const wait = options.writesWait === false ? raw.prepare(`pragma busy_timeout = ${raw.pragma('busy_timeout', { simple: true }) as number}`) : null;
  return new Proxy(raw, {
    get(target, property, receiver) {
      if (property !== 'prepare') return Reflect.get(target, property, receiver) as unknown;
      return (source: string) => {
        let statement = cache.get(source);
        if (!statement) {
          if (cache.size >= limit) cache.delete(cache.keys().next().value as string);
          statement = prepare(source);
          if (noWait && wait && !READS_ONLY.test(source)) statement = failFastOnLock(statement, noWait, wait);
          cache.set(source, statement);
        }
        return statement;
      };
    },
  });
}

/** Statements that only read: in WAL mode they never wait for the write lock. */
const READS_ONLY = /^\s*(select|pragma)\b/i;

/**
 * A write statement that does not wait in SQLite's busy handler: that wait is a sleep on the
 * calling thread, and on the server's connection that thread is the event loop, so every request
 * stalled while the index writer (another thread) held the write lock for a batch. It fails at
 * once with SQLITE_BUSY instead, and NonBlockingSqliteDialect retries it after an asynchronous
 * pause. Raw statements (FTS5, outside Kysely) keep the connection's busy timeout.
 */
function failFastOnLock(statement: BetterSqlite3.Statement, noWait: BetterSqlite3.Statement, wait: BetterSqlite3.Statement): BetterSqlite3.Statement {
  const wrap = <F extends (...args: never[]) => unknown>(run: F): F =>
    ((...args: Parameters<F>) => {
      noWait.get();
      try {
        return run(...args);
      } finally {
        wait.get();
      }
    }) as F;
  const target = statement as unknown as Record<string, unknown>;
  for (const method of ['run', 'all', 'get', 'iterate'] as const) {
    const original = statement[method].bind(statement) as (...args: never[]) => unknown;
    target[method] = wrap(original);
  }
  return statement;
}

/** How long a statement keeps retrying a lock another connection holds: the busy timeout it replaces. */
const LOCK_RETRY_CEILING_MS = 5000;

/**
 * The server's dialect: Kysely's SQLite SQL with SplitSqliteDriver, whose writer statements ride
 * out another connection's write lock without blocking the thread. A statement that fails with
 * SQLITE_BUSY (the lock could not be taken; the statement did nothing) runs again after a short
 * asynchronous pause. SQLITE_BUSY_SNAPSHOT (the transaction read before another connection
 * committed) is not retried here: only running the whole transaction again cures it
 * (write-retry.ts).
 */
class SplitSqliteDialect extends SqliteDialect {
  constructor(
    private readonly writer: BetterSqlite3.Database,
    private readonly reader: BetterSqlite3.Database | null,
  ) {
    super({ database: writer });
  }

  override createDriver(): Driver {
    return new SplitSqliteDriver({ writer: this.writer, reader: this.reader, runOnWriter: retryOnLock });
  }
}

async function retryOnLock<R>(run: () => QueryResult<R>): Promise<QueryResult<R>> {
  const started = Date.now();
  let pauseMs = 1;
  for (;;) {
    try {
      return run();
    } catch (error) {
      if ((error as { code?: unknown } | null)?.code !== 'SQLITE_BUSY' || Date.now() - started > LOCK_RETRY_CEILING_MS) throw error;
      await new Promise((resolve) => setTimeout(resolve, pauseMs * (0.5 + Math.random())));
      pauseMs = Math.min(pauseMs * 2, 50);
    }
  }
}

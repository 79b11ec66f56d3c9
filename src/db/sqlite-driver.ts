import type BetterSqlite3 from 'better-sqlite3';
import { CompiledQuery, type DatabaseConnection, type Driver, type QueryResult } from 'kysely';

/**
 * Kysely's SQLite driver for the server's connection, with reads that never queue behind a
 * transaction. Kysely's own driver has one connection behind a mutex, and a transaction holds that
 * mutex across every await inside it (including the pauses while another connection, the index
 * writer, holds the write lock): every other query of the process waited, the health check's
 * `select 1` and each cached read among them. Here:
 * - a transaction takes the writer connection for its whole length, as before (writes are
 *   serialised by SQLite anyway, and a transaction's statements must not interleave with others');
 * - a write outside a transaction takes the writer for that one statement;
 * - a read outside a transaction runs at once on a second connection to the same file, which in
 *   WAL mode sees every committed write and never an uncommitted one (a read on the writer while a
 *   transaction is open there would see that transaction's uncommitted rows).
 * better-sqlite3 is synchronous, so a single statement needs no lock of its own.
 * Kysely has no such driver and no hook to tell a transaction's connection from a query's (both
 * come from acquireConnection), hence this one, written against Kysely's public Driver interface.
 */
export interface SplitSqliteOptions {
  writer: BetterSqlite3.Database;
  /** A second connection to the same file, or null (an in-memory database has no second connection). */
  reader: BetterSqlite3.Database | null;
  /** Runs a writer statement, riding out another connection's write lock (see sqlite.ts). */
  runOnWriter: <R>(run: () => QueryResult<R>) => Promise<QueryResult<R>>;
}

/** A plain SELECT (or WITH ... SELECT) that only reads: safe on the reader connection. */
const PLAIN_READ = /^\s*(select|with)\b/i;

export class SplitSqliteDriver implements Driver {
  readonly #writerMutex = new Mutex();
  constructor(private readonly options: SplitSqliteOptions) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new SplitConnection(this.options, this.#writerMutex);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as SplitConnection).begin();
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as SplitConnection).end('commit');
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as SplitConnection).end('rollback');
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteName(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to ${quoteName(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release ${quoteName(name)}`));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as SplitConnection).release();
  }

  async destroy(): Promise<void> {
    this.options.reader?.close();
    this.options.writer.close();
  }
}

const quoteName = (name: string) => `"${name.replace(/"/g, '""')}"`;

class SplitConnection implements DatabaseConnection {
  #inTransaction = false;
  constructor(
    private readonly options: SplitSqliteOptions,
    private readonly writerMutex: Mutex,
  ) {}

  async begin(): Promise<void> {
    await this.writerMutex.lock();
    this.#inTransaction = true;
    try {
      await this.options.runOnWriter(() => execute(this.options.writer, CompiledQuery.raw('begin')));
    } catch (error) {
      this.#inTransaction = false;
      this.writerMutex.unlock();
      throw error;
    }
  }

  async end(command: 'commit' | 'rollback'): Promise<void> {
    // Kysely rolls back after a failed commit, which has already ended the transaction below: the
    // writer must not be given back twice.
    if (!this.#inTransaction) return;
    const { writer } = this.options;
    try {
      // SQLite has already rolled back a transaction some errors end (a full disk, say).
      if (command === 'commit' || writer.inTransaction) await this.options.runOnWriter(() => execute(writer, CompiledQuery.raw(command)));
    } finally {
      // A failed commit (SQLITE_BUSY) leaves the transaction open on the writer: roll it back so
      // the next holder of the writer does not inherit it.
      if (writer.inTransaction) writer.exec('rollback');
      this.#inTransaction = false;
      this.writerMutex.unlock();
    }
  }

  /** Called when Kysely gives the connection back: a transaction it never ended is rolled back. */
  release(): void {
    if (!this.#inTransaction) return;
    if (this.options.writer.inTransaction) this.options.writer.exec('rollback');
    this.#inTransaction = false;
    this.writerMutex.unlock();
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.#inTransaction) return this.options.runOnWriter(() => execute<R>(this.options.writer, query));
    const { reader } = this.options;
    if (reader && PLAIN_READ.test(query.sql)) {
      const statement = reader.prepare(query.sql);
      if (statement.readonly) return Promise.resolve({ rows: statement.all(query.parameters as unknown[]) as R[] });
    }
    await this.writerMutex.lock();
    try {
      return await this.options.runOnWriter(() => execute<R>(this.options.writer, query));
    } finally {
      this.writerMutex.unlock();
    }
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    // Streaming is only for SELECTs; outside a transaction it reads committed data on the reader.
    const connection = !this.#inTransaction && this.options.reader ? this.options.reader : this.options.writer;
    for (const row of connection.prepare(query.sql).iterate(query.parameters as unknown[])) yield { rows: [row as R] };
  }
}

function execute<R>(database: BetterSqlite3.Database, query: CompiledQuery): QueryResult<R> {
  const statement = database.prepare(query.sql);
  const parameters = query.parameters as unknown[];
  if (statement.reader) return { rows: statement.all(parameters) as R[] };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
}

/** A FIFO lock: each waiter is woken in turn. */
class Mutex {
  #locked = false;
  readonly #waiters: Array<() => void> = [];

  async lock(): Promise<void> {
    if (!this.#locked) {
      this.#locked = true;
      return;
    }
    await new Promise<void>((resolve) => this.#waiters.push(resolve));
  }

  unlock(): void {
    const next = this.#waiters.shift();
    if (next) next();
    else this.#locked = false;
  }
}

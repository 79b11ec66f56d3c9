import { join } from 'node:path';
import { openSqliteReadOnly } from './sqlite.js';
import type BetterSqlite3 from 'better-sqlite3';
import type { KyselyPlugin } from 'kysely';
import { createStore, type Store } from './store.js';
import { openDatabase, type DatabaseConfig, type OpenedDatabase } from './open-database.js';
import { createSqliteStatuteSearchIndex } from '../modules/statutes/storage/sqlite-search-index.js';
import { createPostgresStatuteSearchIndex } from '../modules/statutes/storage/postgres-search-index.js';
import type { StatuteSearchIndex } from '../modules/statutes/storage/search-index.js';
import type { PassageBackend } from '../modules/documents/document-services.js';
import type { ChangeToken } from './read-cache.js';

export interface OpenedStore {
  store: Store;
  /** The connection and its dialect. */
  database: OpenedDatabase;
  /** The SQLite connection when the store is SQLite (tests and SQLite-only tools), else null. */
  sqlite: BetterSqlite3.Database | null;
  /** What the passage index and the ingestion writer run on. */
  passageBackend: PassageBackend;
  /** Full-text search over statute versions (FTS5 or tsvector, on the same database). */
  statuteSearch: StatuteSearchIndex;
  close(): Promise<void>;
}

/**
 * Opens the configured database (PostgreSQL when `databaseUrl` is set, else `<dataDir>/folio.db`),
 * migrated, with the store and search indexes of its dialect. `changeToken` replaces the
 * read cache's change detection (a cross-process invalidation signal on PostgreSQL); without one
 * PostgreSQL runs uncached, since another process's writes would go unseen.
 */
export async function openStore(config: DatabaseConfig, options: { changeToken?: ChangeToken; plugins?: KyselyPlugin[] } = {}): Promise<OpenedStore> {
  // The plugins (the write counter) watch PostgreSQL only: SQLite's change token is its own.
  const database = await openDatabase(config, options.plugins ? { plugins: options.plugins } : {});
  if (database.dialect === 'sqlite') {
    return {
      store: createStore(database.db, { changeToken: options.changeToken ?? database.changeToken }),
      database,
      sqlite: database.raw,
      passageBackend: { kind: 'sqlite', raw: database.raw },
      statuteSearch: createSqliteStatuteSearchIndex(database.raw),
      close: () => database.close(),
    };
  }
  return {
    store: createStore(database.db, { ...(options.changeToken ? { changeToken: options.changeToken } : {}), stampedFiles: true }),
    database,
    sqlite: null,
    passageBackend: { kind: 'postgres' },
    statuteSearch: createPostgresStatuteSearchIndex(database.db),
    close: () => database.close(),
  };
}

/** The embedded default: `<dataDir>/folio.db`, migrated to the current schema. */
export function openSqliteStore(dataDir: string): Promise<OpenedStore> {
  return openStore({ databaseUrl: null, dataDir });
}

/**
 * A read-only connection to `<dataDir>/folio.db`, which must exist and be migrated (the server
 * opened it first): what an answering thread reads through.
 */
export function openSqliteReadStore(dataDir: string): { store: Store; sqlite: BetterSqlite3.Database; statuteSearch: StatuteSearchIndex; close(): Promise<void> } {
  const { db, raw } = openSqliteReadOnly(join(dataDir, 'folio.db'));
  // This connection never writes, so `data_version` changes exactly when another connection (the
  // server's, the index writer's, another process's) has committed: a change token that is never stale.
  const dataVersion = raw.prepare('pragma data_version').pluck();
  return {
    store: createStore(db, { changeToken: () => String(dataVersion.get()) }),
    sqlite: raw,
    statuteSearch: createSqliteStatuteSearchIndex(raw),
    close: () => db.destroy(),
  };
}

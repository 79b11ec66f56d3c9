import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { migrate } from './migrations/migrate.js';
import { openSqlite, openSqliteReadOnly } from './sqlite.js';
import { createStore, type Store } from './store.js';
import type BetterSqlite3 from 'better-sqlite3';
import { createSqliteStatuteSearchIndex } from '../modules/statutes/storage/sqlite-search-index.js';
import type { StatuteSearchIndex } from '../modules/statutes/storage/search-index.js';

export interface OpenedStore {
  store: Store;
  /** The SQLite connection, for the SQLite implementations of the search indexes. */
  sqlite: BetterSqlite3.Database;
  /** Full-text search over statute versions (FTS5 on the same connection). */
  statuteSearch: StatuteSearchIndex;
  close(): Promise<void>;
}

/** The embedded default: `<dataDir>/folio.db`, migrated to the current schema. */
export async function openSqliteStore(dataDir: string): Promise<OpenedStore> {
  const { db, raw, changeToken } = openSqlite(join(dataDir, 'folio.db'));
  await migrate(db as unknown as Kysely<unknown>, 'sqlite');
  return {
    store: createStore(db, { changeToken }),
    sqlite: raw,
    statuteSearch: createSqliteStatuteSearchIndex(raw),
    close: () => db.destroy(),
  };
}

/**
 * A read-only connection to `<dataDir>/folio.db`, which must exist and be migrated (the server
 * opened it first): what an answering thread reads through.
 */
export function openSqliteReadStore(dataDir: string): OpenedStore {
  const { db, raw } = openSqliteReadOnly(join(dataDir, 'folio.db'));
  return {
    store: createStore(db),
    sqlite: raw,
    statuteSearch: createSqliteStatuteSearchIndex(raw),
    close: () => db.destroy(),
  };
}

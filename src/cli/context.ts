import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { OpenedStore } from '../db/open.js';
import type { CoreDeps } from '../shared/deps.js';
import { AppError } from '../shared/errors.js';

export interface GlobalOptions {
  data?: string;
  json?: boolean;
}

/** The data folder: --data, else FOLIO_DATA_DIR, else ./data. */
export function dataDirOf(options: GlobalOptions): string {
  return resolve(options.data ?? process.env.FOLIO_DATA_DIR ?? './data');
}

/** FOLIO_DATABASE_URL, when set: the database every command then works on. */
export function databaseUrlOf(): string | null {
  return process.env.FOLIO_DATABASE_URL?.trim() || null;
}

/**
 * Opens the store for one command and closes it afterwards, whatever happens. Only `serve`,
 * `migrate` and `init` create a database (`create: true`): any other command on a folder without
 * one says so, rather than quietly making an empty database in a mistyped folder.
 */
export async function withStore<T>(
  options: GlobalOptions,
  run: (deps: CoreDeps, opened: OpenedStore) => Promise<T>,
  { create = false }: { create?: boolean } = {},
): Promise<T> {
  const dataDir = dataDirOf(options);
  // FOLIO_DATABASE_URL names the database; --data then holds only the blobs.
  const databaseUrl = databaseUrlOf();
  if (!databaseUrl && !create && !existsSync(join(dataDir, 'folio.db'))) throw noDatabase(dataDir);
  // Loaded here, not at the top: `folio --help` must not pay for SQLite and every module.
  const [{ openBackends }, { systemClock }] = await Promise.all([import('../backends.js'), import('../shared/clock.js')]);
  // Redis too: a key revoked here is announced to the servers' caches.
  const backends = await openBackends({
    databaseUrl,
    dataDir,
    redisUrl: process.env.FOLIO_REDIS_URL?.trim() || null,
    redisPrefix: process.env.FOLIO_REDIS_PREFIX ?? 'folio:',
  });
  const opened = backends.opened;
  try {
    return await run({ store: opened.store, clock: systemClock }, opened);
  } finally {
    await backends.close();
  }
}

export const noDatabase = (dataDir: string) =>
  new AppError(404, 'cli.no_database', `no Folio database in ${dataDir}: create one with "folio init" (or "folio migrate", "folio serve"), or name the right folder with --data`);

import { resolve } from 'node:path';
import { openSqliteStore, type OpenedStore } from '../db/open.js';
import { systemClock } from '../shared/clock.js';
import type { CoreDeps } from '../shared/deps.js';

export interface GlobalOptions {
  data?: string;
  json?: boolean;
}

/** The data folder: --data, else FOLIO_DATA_DIR, else ./data. */
export function dataDirOf(options: GlobalOptions): string {
  return resolve(options.data ?? process.env.FOLIO_DATA_DIR ?? './data');
}

/** Opens the store for one command and closes it afterwards, whatever happens. */
export async function withStore<T>(options: GlobalOptions, run: (deps: CoreDeps, opened: OpenedStore) => Promise<T>): Promise<T> {
  const opened = await openSqliteStore(dataDirOf(options));
  try {
    return await run({ store: opened.store, clock: systemClock }, opened);
  } finally {
    await opened.close();
  }
}

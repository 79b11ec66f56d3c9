import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The shared public data folder: FOLIO_SHARED_DATA, else ../shared/data beside the repository. */
export function sharedDataDir(): string {
  return resolve(process.env.FOLIO_SHARED_DATA ?? join(repoRoot, '..', 'shared', 'data'));
}

/** A path inside the shared data, or null when that data is absent on this machine. */
export function sharedDataPath(...parts: string[]): string | null {
  const path = join(sharedDataDir(), ...parts);
  return existsSync(path) ? path : null;
}

/** The reason string node:test prints when a test skips for want of the shared data. */
export function missingDataReason(...parts: string[]): string {
  return `skipped: shared data not found at ${join(sharedDataDir(), ...parts)} (set FOLIO_SHARED_DATA)`;
}

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';

export class DataDirInUse extends Error {}

export interface DataDirLock {
  release(): void;
}

/**
 * Takes the data folder for this process alone: one `folio serve` per folder, because a server
 * cleans up at start (temporary uploads, interrupted jobs, unanswered idempotency keys) on the
 * assumption that nothing else serves the folder. The lock is a separate SQLite file held in
 * exclusive locking mode after one write: SQLite's own file lock, which the OS drops when the
 * process dies, even on kill -9, so a stale lock never needs clearing by hand. No new package.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const lock = tryLockDataDir(dataDir);
  if (!lock) throw new DataDirInUse(`data directory ${dataDir} is in use by another folio serve (or an import running its ingestion queue)`);
  return lock;
}

/** The same lock, or null when another process holds it (an import uses this to know whether a server runs the queue). */
export function tryLockDataDir(dataDir: string): DataDirLock | null {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'serve.lock');
  const db = new BetterSqlite3(file, { timeout: 0 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('create table if not exists holder (id integer primary key check (id = 1), pid integer not null, started_at text not null)');
    db.prepare('insert or replace into holder (id, pid, started_at) values (1, ?, ?)').run(process.pid, new Date().toISOString());
  } catch (error) {
    db.close();
    if (isBusy(error)) return null;
    throw error;
  }
  return { release: () => db.close() };
}

/** True while some process holds the data folder (a running `folio serve`, or an import running the queue). */
export function isDataDirLocked(dataDir: string): boolean {
  const lock = tryLockDataDir(dataDir);
  if (!lock) return true;
  lock.release();
  return false;
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'));
}

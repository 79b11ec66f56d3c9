import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';

/** Held while a process owns the data folder's ingestion queue (`folio serve`, or an import with no server). */
export interface ServeLock {
  release(): void;
}

/**
 * The data folder's owner lock: `<dataDir>/serve.lock`, a tiny SQLite file held in EXCLUSIVE
 * locking mode. SQLite's own file locks are released by the OS when the process dies (even on
 * kill -9), so a stale lock cannot outlive its holder, and no pid file needs cleaning up.
 * Returns null when another connection (any process) holds it.
 */
export function tryAcquireServeLock(dataDir: string): ServeLock | null {
  mkdirSync(dataDir, { recursive: true });
  const db = new BetterSqlite3(join(dataDir, 'serve.lock'), { timeout: 0 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    // The first write transaction takes the exclusive lock; EXCLUSIVE mode keeps it until close.
    db.exec('begin exclusive');
    db.exec('create table if not exists holder (pid integer not null, since text not null)');
    db.exec('delete from holder');
    db.prepare('insert into holder (pid, since) values (?, ?)').run(process.pid, new Date().toISOString());
    db.exec('commit');
    return { release: () => db.close() };
  } catch (error) {
    db.close();
    if (isBusy(error)) return null;
    throw error;
  }
}

/** True while some process holds the data folder's owner lock (a running `folio serve`). */
export function isServeLockHeld(dataDir: string): boolean {
  const lock = tryAcquireServeLock(dataDir);
  if (!lock) return true;
  lock.release();
  return false;
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'));
}

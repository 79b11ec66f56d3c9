import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import BetterSqlite3 from 'better-sqlite3';
import { isTransientLockError, retryOnBusy } from './write-retry.js';

test('a write blocked by another connection\'s transaction succeeds once that transaction ends', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'folio-busy-'));
  try {
    const file = join(dir, 'db.sqlite');
    const holder = new BetterSqlite3(file);
    holder.pragma('journal_mode = WAL');
    holder.exec('create table t (v integer)');
    const writer = new BetterSqlite3(file, { timeout: 0 });
    holder.exec('begin immediate');
    holder.prepare('insert into t values (1)').run();
    assert.throws(() => writer.prepare('insert into t values (2)').run(), (e) => isTransientLockError(e));
    let attempts = 0;
    setTimeout(() => holder.exec('commit'), 300);
    await retryOnBusy(async () => {
      attempts++;
      writer.prepare('insert into t values (2)').run();
    });
    assert.ok(attempts > 1, 'it waited for the lock rather than succeeding at once');
    assert.deepEqual(writer.prepare('select v from t order by v').pluck().all(), [1, 2]);
    holder.close();
    writer.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('other errors are not retried, and a lock outlasting the ceiling is rethrown', async () => {
  let calls = 0;
  await assert.rejects(
    retryOnBusy(async () => {
      calls++;
      throw Object.assign(new Error('constraint'), { code: 'SQLITE_CONSTRAINT_UNIQUE' });
    }),
    /constraint/,
  );
  assert.equal(calls, 1);
  await assert.rejects(
    retryOnBusy(
      async () => {
        throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
      },
      { ceilingMs: 200 },
    ),
    /database is locked/,
  );
});

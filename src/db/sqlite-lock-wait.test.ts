import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import BetterSqlite3 from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.js';
import { openSqlite } from './sqlite.js';

/**
 * Runs `use` with the server's connection to a new database file and a second, plain connection to
 * the same file (another process's, or the index writer's), and removes everything after.
 */
async function withDatabase(use: (db: Kysely<Database>, other: BetterSqlite3.Database) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'folio-lock-wait-'));
  const path = join(dir, 'folio.db');
  const { db } = openSqlite(path);
  const other = new BetterSqlite3(path);
  try {
    await use(db, other);
  } finally {
    other.close();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

test("a write waiting for another connection's lock leaves the event loop free, and lands once the lock is released", () =>
  withDatabase(async (db, other) => {
    await sql`create table notes (id integer primary key, body text not null)`.execute(db);
    // Another connection (the index writer's, a CLI import) holds the write lock for 300 ms and
    // releases it from a timer: a write that slept in SQLite's busy handler would hold this
    // thread, the timer could never fire, and the write would fail after the busy timeout.
    other.exec('begin immediate');
    other.exec("insert into notes (body) values ('held')");
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 10);
    setTimeout(() => other.exec('commit'), 300);
    const started = Date.now();
    await db.insertInto('notes' as never).values({ body: 'waited' } as never).execute();
    clearInterval(ticker);
    assert.ok(Date.now() - started >= 250, 'the write waited for the lock');
    assert.ok(ticks >= 10, `the event loop kept turning while it waited (${ticks} ticks)`);
    const rows = await sql<{ body: string }>`select body from notes order by id`.execute(db);
    assert.deepEqual(rows.rows.map((r) => r.body), ['held', 'waited']);
    // Reads never wait in WAL mode, and a transaction's write waits the same way.
    other.exec('begin immediate');
    setTimeout(() => other.exec('commit'), 100);
    await db.transaction().execute(async (trx) => {
      await sql`select count(*) from notes`.execute(trx);
      await trx.insertInto('notes' as never).values({ body: 'in a transaction' } as never).execute();
    });
    assert.equal((await sql<{ n: number }>`select count(*) as n from notes`.execute(db)).rows[0]?.n, 3);
  }),
);

test('a read outside a transaction answers at once while a transaction waits for the lock, and never sees its uncommitted rows', () =>
  withDatabase(async (db, other) => {
    const bodies = async (on: typeof db) => (await sql<{ body: string }>`select body from notes order by id`.execute(on)).rows.map((r) => r.body);
    await sql`create table notes (id integer primary key, body text not null)`.execute(db);
    await sql`insert into notes (body) values ('committed')`.execute(db);
    // A transaction of this process waits 300 ms for the lock another connection holds...
    other.exec('begin immediate');
    setTimeout(() => other.exec('commit'), 300);
    let readerDone!: () => void;
    const readDone = new Promise<void>((resolve) => (readerDone = resolve));
    let ownRows: string[] = [];
    const transaction = db.transaction().execute(async (trx) => {
      await trx.insertInto('notes' as never).values({ body: 'uncommitted' } as never).execute();
      ownRows = await bodies(trx);
      // ...then holds its uncommitted row until the read below has run.
      await readDone;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    // ...while a read of the same process (the health check's, a cached read's) answers at once.
    const started = Date.now();
    assert.deepEqual(await bodies(db), ['committed']);
    const waitedMs = Date.now() - started;
    assert.ok(waitedMs < 200, `the read waited ${waitedMs} ms for a transaction it had no part in`);
    // Once the transaction has written, a read outside it still sees only committed rows.
    while (ownRows.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    assert.deepEqual(await bodies(db), ['committed'], 'no uncommitted row is seen outside its transaction');
    readerDone();
    await transaction;
    assert.deepEqual(ownRows, ['committed', 'uncommitted'], 'a transaction reads its own writes');
    assert.deepEqual(await bodies(db), ['committed', 'uncommitted']);
  }),
);

test('a commit that fails ends its transaction once: the next transactions still take the writer one at a time', () =>
  withDatabase(async (db) => {
    await sql`create table parents (id integer primary key)`.execute(db);
    await sql`create table children (id integer primary key, parent_id integer references parents (id) deferrable initially deferred)`.execute(db);
    await sql`create table counter (n integer not null)`.execute(db);
    await sql`insert into counter (n) values (0)`.execute(db);
    // Transactions that read, yield, then write: each must have the writer to itself, or one would
    // begin inside another on the same connection.
    const bump = () =>
      db.transaction().execute(async (trx) => {
        const { n } = (await sql<{ n: number }>`select n from counter`.execute(trx)).rows[0]!;
        await new Promise((resolve) => setTimeout(resolve, 20));
        await sql`update counter set n = ${n + 1}`.execute(trx);
      });
    // The foreign key is checked at commit, so the commit itself fails, while the others wait.
    const failing = db.transaction().execute(async (trx) => {
      await sql`insert into children (parent_id) values (42)`.execute(trx);
    });
    const [failed, ...bumped] = await Promise.allSettled([failing, bump(), bump(), bump()]);
    assert.match(String(failed.status === 'rejected' ? failed.reason : ''), /FOREIGN KEY/);
    assert.deepEqual(bumped.map((b) => (b.status === 'rejected' ? String(b.reason) : 'ok')), ['ok', 'ok', 'ok']);
    assert.equal((await sql<{ n: number }>`select n from counter`.execute(db)).rows[0]?.n, 3);
    assert.deepEqual((await sql`select * from children`.execute(db)).rows, []);
  }),
);

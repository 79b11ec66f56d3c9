import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { openPostgres, type PostgresHandle } from '../../src/db/postgres.js';
import { MAX_NAMED_PER_CONNECTION } from '../../src/db/prepared-statements.js';
import { dropTestDatabase, testDatabaseUrl } from '../support/test-database.js';

// Kysely's statements run as named prepared statements, each connection keeping a bounded number.
const skip = !process.env.FOLIO_TEST_DATABASE_URL && 'FOLIO_TEST_DATABASE_URL is not set';
let dir = '';
let url = '';

before(async () => {
  if (skip) return;
  dir = mkdtempSync(join(tmpdir(), 'folio-prepared-'));
  url = (await testDatabaseUrl(dir)) ?? '';
});
after(async () => {
  if (skip) return;
  rmSync(dir, { recursive: true, force: true });
  await dropTestDatabase(dir);
});

/** A pool of one connection of its own: every statement runs on the session whose prepared statements are counted. */
async function onOneConnection(run: (handle: PostgresHandle) => Promise<void>): Promise<void> {
  const handle = openPostgres(url, { max: 1 });
  try {
    await run(handle);
  } finally {
    await handle.db.destroy();
  }
}

const prepared = async (handle: PostgresHandle) =>
  Number((await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements where name like 'folio_%' and 0 = ${0}`.execute(handle.db)).rows[0]?.n);

test('prepared statements: a statement with parameters is prepared once on its connection and answers each time', { skip }, () =>
  onOneConnection(async (handle) => {
    for (const n of [1, 2, 3]) {
      const { rows } = await sql<{ sum: number }>`select ${n}::int + 40 as sum`.execute(handle.db);
      assert.equal(rows[0]?.sum, n + 40);
    }
    // The statement above and the counting statement itself: one each, however often they ran.
    assert.equal(await prepared(handle), 2);
  }));

test('prepared statements: a connection keeps a bounded number, and statements past it still run', { skip }, () =>
  onOneConnection(async (handle) => {
    for (let i = 0; i < MAX_NAMED_PER_CONNECTION + 20; i++) {
      const { rows } = await sql<{ n: number }>`select ${i}::int as n, ${sql.lit(i)} as k`.execute(handle.db);
      assert.equal(rows[0]?.n, i);
    }
    assert.equal(await prepared(handle), MAX_NAMED_PER_CONNECTION);
  }));

test('prepared statements: a text of several statements without parameters still runs', { skip }, () =>
  onOneConnection(async (handle) => {
    await sql`create temporary table scratch (id int); insert into scratch values (1), (2)`.execute(handle.db);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from scratch`.execute(handle.db);
    assert.equal(rows[0]?.n, 2);
  }));

test('prepared statements: a statement whose table gained a column since it was prepared runs again', { skip }, () =>
  onOneConnection(async (handle) => {
    await sql`create table widened (id int primary key)`.execute(handle.db);
    await sql`insert into widened values (1)`.execute(handle.db);
    const read = () => sql<Record<string, unknown>>`select * from widened where id = ${1}`.execute(handle.db);
    assert.deepEqual((await read()).rows, [{ id: 1 }]);
    await sql`alter table widened add column note text default 'added'`.execute(handle.db);
    assert.deepEqual((await read()).rows, [{ id: 1, note: 'added' }]);
    assert.deepEqual((await read()).rows, [{ id: 1, note: 'added' }]);
  }));

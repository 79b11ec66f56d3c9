import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { openStore, type OpenedStore } from '../../src/db/open.js';
import { createPlannerStatistics } from '../../src/db/planner-statistics.js';
import { findImportFormat } from '../../src/modules/statutes/import/formats.js';
import { importStatutes } from '../../src/modules/statutes/import/import-statutes.js';
import { dropTestDatabase, testDatabaseUrl } from '../support/test-database.js';

// A table filled in bulk is planned as if empty until something analyzes it; with autovacuum off
// nothing would. The statistics keeper analyzes what changed past autovacuum's default rule.
const skip = !process.env.FOLIO_TEST_DATABASE_URL && 'FOLIO_TEST_DATABASE_URL is not set';
const statutes = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'src', 'modules', 'statutes');
let dir = '';
let opened: OpenedStore;

before(async () => {
  if (skip) return;
  dir = mkdtempSync(join(tmpdir(), 'folio-statistics-'));
  opened = await openStore({ databaseUrl: await testDatabaseUrl(dir), dataDir: dir });
  await sql`create table grown (id integer primary key, body text not null)`.execute(opened.store.db);
});
after(async () => {
  if (skip) return;
  await opened.close();
  rmSync(dir, { recursive: true, force: true });
  await dropTestDatabase(dir);
});

const insert = (from: number, count: number) =>
  sql`insert into grown (id, body) select g, 'passage ' || g from generate_series(${from}::int, ${from + count - 1}::int) g`.execute(opened.store.db);
const lastAnalyze = async () =>
  (await sql<{ at: string | null }>`select coalesce(last_analyze, last_autoanalyze)::text as at from pg_stat_user_tables where relid = 'grown'::regclass`.execute(opened.store.db)).rows[0]?.at ?? null;

/** Refreshes until the table's changes have reached PostgreSQL's statistics (a connection flushes them within 10 s of going idle). */
async function refreshUntil(statistics: ReturnType<typeof createPlannerStatistics>, wanted: string[]): Promise<string[]> {
  for (let i = 0; i < 600; i++) {
    const analyzed = await statistics.refresh();
    if (analyzed.length > 0 || wanted.length === 0) return analyzed;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return [];
}

test('planner statistics: a table grown past the autovacuum rule is analyzed, one that barely changed is not', { skip }, async () => {
  const statistics = createPlannerStatistics(opened.store.db, ['grown'], { delayMs: 10 });
  await insert(1, 2000);
  assert.deepEqual(await refreshUntil(statistics, ['grown']), ['grown']);
  assert.notEqual(await lastAnalyze(), null);
  const { rows } = await sql<{ reltuples: number }>`select reltuples from pg_class where oid = 'grown'::regclass`.execute(opened.store.db);
  assert.equal(Number(rows[0]!.reltuples), 2000);

  // 100 rows on 2,000 stay under 50 + 10%: no second ANALYZE.
  await insert(2001, 100);
  await new Promise((resolve) => setTimeout(resolve, 1500));
  assert.deepEqual(await statistics.refresh(), []);
  // 300 more pass it.
  await insert(2101, 300);
  assert.deepEqual(await refreshUntil(statistics, ['grown']), ['grown']);
  await statistics.close();
});

test('planner statistics: written() runs the check by itself after the delay', { skip }, async () => {
  await sql`create table grown_later (id integer primary key)`.execute(opened.store.db);
  const statistics = createPlannerStatistics(opened.store.db, ['grown_later'], { delayMs: 20 });
  await sql`insert into grown_later select g from generate_series(1, 500) g`.execute(opened.store.db);
  const analyzed = async () =>
    (await sql<{ at: string | null }>`select last_analyze::text as at from pg_stat_user_tables where relid = 'grown_later'::regclass`.execute(opened.store.db)).rows[0]?.at ?? null;
  for (let i = 0; i < 600 && (await analyzed()) === null; i++) {
    statistics.written();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  assert.notEqual(await analyzed(), null);
  await statistics.close();
});

/** What was left in the GIN index's pending list: gin_clean_pending_list merges it and counts its pages. */
const pendingPages = async (index: string) =>
  Number((await sql<{ pages: number }>`select gin_clean_pending_list(${index}::regclass)::int8 as pages`.execute(opened.store.db)).rows[0]?.pages);

test('planner statistics: the checks merge the pending lists of the GIN indexes they are given', { skip }, async () => {
  // Two tables alike, rows written alike: one kept, one not, so the kept one's empty list is the keeper's doing.
  for (const table of ['searched', 'searched_unkept']) {
    await sql`create table ${sql.table(table)} (id integer primary key, tsv tsvector not null)`.execute(opened.store.db);
    await sql`create index ${sql.table(`${table}_tsv`)} on ${sql.table(table)} using gin (tsv)`.execute(opened.store.db);
    await sql`insert into ${sql.table(table)} select g, to_tsvector('simple', 'lessee shall pay rent ' || g) from generate_series(1, 3000) g`.execute(opened.store.db);
  }
  const statistics = createPlannerStatistics(opened.store.db, ['searched'], { delayMs: 10, ginIndexes: ['searched_tsv'] });
  await statistics.refresh();
  await statistics.close();
  assert.equal(await pendingPages('searched_tsv'), 0);
  assert.ok((await pendingPages('searched_unkept_tsv')) > 0, 'rows written without the keeper wait in the pending list');
});

test('planner statistics: a statute import on PostgreSQL leaves its tables analyzed', { skip }, async () => {
  // 120 sections of D.C. Code § 2-1402.11's text under other numbers: past the 50-row rule.
  const line = JSON.parse(readFileSync(join(statutes, '__fixtures__', 'dc-2-1402.11-excerpt.jsonl'), 'utf8').split('\n')[0]!) as Record<string, string>;
  const file = join(dir, 'sections.jsonl');
  writeFileSync(file, Array.from({ length: 120 }, (_, i) => JSON.stringify({ ...line, section: `2-1402.${100 + i}` })).join('\n'));
  await importStatutes({ db: opened.store.db, search: opened.statuteSearch }, { format: findImportFormat('jsonl')!, path: file, published: '2024-10-20' });
  const { rows } = await sql<{ relname: string; at: string | null }>`
    select relname, last_analyze::text as at from pg_stat_user_tables where relid in ('statute_versions'::regclass, 'statute_versions_search'::regclass)`.execute(opened.store.db);
  assert.equal(rows.length, 2);
  for (const row of rows) assert.notEqual(row.at, null, row.relname);
  // And its search index's pending list merged: every search would read it whole.
  assert.equal(await pendingPages('statute_versions_search_tsv'), 0);
});

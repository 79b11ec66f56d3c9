import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { sql, type RawBuilder } from 'kysely';
import { openStore, type OpenedStore } from '../../src/db/open.js';
import { createRankedSearch, type CandidateRow } from '../../src/db/fts/postgres-ranked-search.js';
import { buildTsvector, parseTsvectorText, stemPositions } from '../../src/db/fts/tsvector.js';
import { legalSentences, seededOrQueries } from '../support/legal-sentences.js';
import { dropTestDatabase, testDatabaseUrl } from '../support/test-database.js';

// PostgreSQL's ranked search prunes (max-score.ts) in SQL: a probe read, then a read under a
// condition that leaves the probe's documents out. Whatever it skips, the top k must be those of
// reading every match, on real sentences and seeded queries of their own words.
const skip = !process.env.FOLIO_TEST_DATABASE_URL && 'FOLIO_TEST_DATABASE_URL is not set';
const TABLE = 'ranked_pruning_docs';
let dir = '';
let opened: OpenedStore;

before(async () => {
  if (skip) return;
  dir = mkdtempSync(join(tmpdir(), 'folio-pruning-'));
  opened = await openStore({ databaseUrl: await testDatabaseUrl(dir), dataDir: dir });
  const db = opened.store.db;
  await sql.raw(`create table ${TABLE} (id integer primary key, tsv tsvector not null, token_count integer not null)`).execute(db);
  await sql.raw(`create index ${TABLE}_tsv on ${TABLE} using gin (tsv)`).execute(db);
  const rows = legalSentences.map((s, i) => {
    const tsv = buildTsvector([{ text: s.heading, label: 'A' }, { text: s.text, label: 'D' }]);
    return sql`(${i + 1}, ${tsv.text}::tsvector, ${tsv.tokenCount})`;
  });
  await sql`insert into ${sql.table(TABLE)} (id, tsv, token_count) values ${sql.join(rows)}`.execute(db);
});
after(async () => {
  if (skip) return;
  await opened.close();
  rmSync(dir, { recursive: true, force: true });
  await dropTestDatabase(dir);
});

test('PostgreSQL ranked search: the pruned top k equals reading every match, on 300 seeded queries', { skip }, async () => {
  const ranked = createRankedSearch({ table: TABLE, weights: { A: 3, D: 1 } });
  let reads = 0;
  const candidates = (tsquery: RawBuilder<unknown>) => {
    reads++;
    return sql<CandidateRow>`select id, tsv, token_count from ${sql.table(TABLE)} where tsv @@ ${tsquery}`;
  };
  let twoReads = 0;
  for (const { query, limit } of seededOrQueries(300)) {
    const all = await ranked.search(opened.store.db, query, candidates, legalSentences.length);
    reads = 0;
    const top = await ranked.search(opened.store.db, query, candidates, limit);
    if (reads === 2) twoReads++;
    assert.deepEqual(top, all.slice(0, limit), `${query}, k = ${limit}`);
  }
  // 24 of 300 on these 75 sentences: most queries' rarest phrases hold every match worth reading.
  assert.ok(twoReads >= 12, `a second, pruned read in ${twoReads} of 300`);
});

test('PostgreSQL prints each stored tsvector as text that reads back as the positions it was built from', { skip }, async () => {
  const { rows } = await sql<{ id: number; tsv: string }>`select id, tsv::text as tsv from ${sql.table(TABLE)} order by id`.execute(opened.store.db);
  assert.equal(rows.length, legalSentences.length);
  for (const row of rows) {
    const s = legalSentences[row.id - 1]!;
    const expected = stemPositions([{ text: s.heading, label: 'A' }, { text: s.text, label: 'D' }]).positions;
    assert.deepEqual(parseTsvectorText(row.tsv), expected, s.text);
  }
});

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type BetterSqlite3 from 'better-sqlite3';
import type { Kysely } from 'kysely';
import { migrate } from '../../../db/migrations/migrate.js';
import { openSqlite } from '../../../db/sqlite.js';
import { splitCommonTerms } from '../../../text/common-terms.js';
import { analyzeQuestion, toFtsQuery } from '../../../text/query-analysis.js';
import { singleWordStems } from '../../../text/ubiquitous-terms.js';
import { seedSqliteRows } from '../../../../test/support/sqlite-rows.js';
import { chunkPages } from './chunking.js';
import type { PassageIndex } from './passage-index.js';
import { createSqlitePassageIndex } from './sqlite-passage-index.js';
import { ADAMS_LAW, ADAMS_PRODUCT, ADAMS_TERMINATION, ANTARES_LAW, EUROMEDIA_LIABILITY, ICORE_NOTICES, ICORE_TERMINATION, OPENINGS } from '../../query/__fixtures__/cuad-passages.js';
import { searchPassages } from './passage-search.js';

// Real CUAD passages and contract openings, one file each, chunked as ingestion chunks them.
const TEXTS = [ADAMS_LAW, ADAMS_TERMINATION, ADAMS_PRODUCT, ICORE_TERMINATION, ICORE_NOTICES, ANTARES_LAW, EUROMEDIA_LIABILITY].map((p) => p.text).concat(Object.values(OPENINGS));
const fts = { expansions: true, expansionPhrases: false } as const;
// In this small room (14 passages) a word in more than a third of them is common; the split is tried at any size.
const small = { fts, commonShare: 0.35, minCommonPostings: 0, rescored: 1_000 };

let dir: string;
let raw: BetterSqlite3.Database;
let db: Kysely<unknown>;
let index: PassageIndex;
let ws: number;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'folio-passage-search-'));
  const opened = openSqlite(join(dir, 'folio.db'));
  raw = opened.raw;
  db = opened.db as unknown as Kysely<unknown>;
  await migrate(db, 'sqlite');
  const rows = seedSqliteRows(raw);
  ws = rows.workspace();
  index = createSqlitePassageIndex(raw);
  for (const [i, text] of TEXTS.entries()) {
    const fileId = rows.file(ws, `f${i}.txt`);
    await index.replaceFile(ws, fileId, chunkPages([{ page: 1, text }]));
  }
});
after(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const close = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a));

for (const question of ['Can either party terminate the agreement for cause on written notice?', 'Which state law governs the agreement and where must notices be sent?']) {
  test(`rare terms' bm25 from FTS5 plus the common terms' computed here is the whole OR query's bm25: ${question}`, async () => {
    const analysis = analyzeQuestion(question);
    const counts = await index.termFrequencies(ws, singleWordStems(analysis));
    const split = splitCommonTerms(analysis, counts, small.commonShare, 0);
    assert.ok(split && split.common.length > 0, 'some terms are common here');
    const rareFts = toFtsQuery(split.rare, fts);
    assert.ok(rareFts);
    // The whole query's ranking, kept to the passages the rare terms find: what the split must return.
    const rareIds = new Set((await index.search(ws, rareFts, 1_000)).map((h) => h.passageId));
    const whole = (await index.search(ws, toFtsQuery(analysis, fts)!, 1_000)).filter((h) => rareIds.has(h.passageId));
    const limit = 4;
    assert.ok(rareIds.size > limit, `${rareIds.size} rare of ${counts.total}: ${JSON.stringify(split.common)} ${rareFts}`);
    const got = await searchPassages(index, ws, analysis, counts, limit, small);
    assert.deepEqual(got.map((h) => h.passageId), whole.slice(0, limit).map((h) => h.passageId));
    got.forEach((h, i) => assert.ok(close(h.score, whole[i]!.score), `${h.score} vs ${whole[i]!.score}`));
  });
}

test("within listed files every passage is scored: the ranking and scores are the whole query's, common-only passages included", async () => {
  const analysis = analyzeQuestion('Can either party terminate the agreement for cause on written notice?');
  const counts = await index.termFrequencies(ws, singleWordStems(analysis));
  const fileIds = (raw.prepare('select id from files where workspace_id = ? order by id').pluck().all(ws) as number[]).slice(0, 8);
  const whole = await index.search(ws, toFtsQuery(analysis, fts)!, 40, fileIds);
  const got = await searchPassages(index, ws, analysis, counts, 40, { ...small, fileIds });
  assert.ok(whole.length >= 5);
  assert.deepEqual(got.map((h) => h.passageId), whole.map((h) => h.passageId));
  got.forEach((h, i) => assert.ok(close(h.score, whole[i]!.score), `${h.score} vs ${whole[i]!.score}`));
  // A question none of whose words is rare here: the common terms alone rank the files' passages.
  const common = analyzeQuestion('Is this agreement between the parties?');
  const commonCounts = await index.termFrequencies(ws, singleWordStems(common));
  const onlyCommon = await searchPassages(index, ws, common, commonCounts, 40, { ...small, fileIds });
  const wholeCommon = await index.search(ws, toFtsQuery(common, fts)!, 40, fileIds);
  assert.deepEqual(new Set(onlyCommon.map((h) => h.passageId)), new Set(wholeCommon.map((h) => h.passageId)));
  onlyCommon.forEach((h) => assert.ok(close(h.score, wholeCommon.find((w) => w.passageId === h.passageId)!.score)));
});

test('when the rare terms find fewer passages than asked for, the whole query is searched', async () => {
  const analysis = analyzeQuestion('Can either party terminate the agreement for cause on written notice?');
  const counts = await index.termFrequencies(ws, singleWordStems(analysis));
  const whole = await index.search(ws, toFtsQuery(analysis, fts)!, 40);
  const got = await searchPassages(index, ws, analysis, counts, 40, small);
  assert.deepEqual(got.map((h) => [h.passageId, h.score]), whole.map((h) => [h.passageId, h.score]));
});

test('when the common terms are in too few passages for the split to pay, the whole query is searched', async () => {
  const analysis = analyzeQuestion('Which state law governs the agreement?');
  const counts = await index.termFrequencies(ws, singleWordStems(analysis));
  const whole = await index.search(ws, toFtsQuery(analysis, fts)!, 5);
  const got = await searchPassages(index, ws, analysis, counts, 5, { fts, commonShare: 0.2 });
  assert.deepEqual(got.map((h) => [h.passageId, h.score]), whole.map((h) => [h.passageId, h.score]));
});

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import BetterSqlite3 from 'better-sqlite3';
import { ADAMS_LAW, ADAMS_PRODUCT, ADAMS_TERMINATION, ANTARES_LAW, EUROMEDIA_LIABILITY, ICORE_NOTICES, ICORE_TERMINATION } from '../../query/__fixtures__/cuad-passages.js';
import { quoteFts } from '../../../text/fts-query.js';
import { PRUNE_MAX_WORDS, PRUNE_MIN_POSTINGS, prunedPlan, rankPruned } from './pruned-ranking.js';
import type { Ranked } from './range-ranking.js';

/** An FTS5 table as a workspace's (porter unicode61) holding these passages, with the whole query's ranking and the parts'. */
function table(texts: string[]) {
  const db = new BetterSqlite3(':memory:');
  db.exec("create virtual table t using fts5(text, tokenize='porter unicode61')");
  const insert = db.prepare('insert into t (rowid, text) values (?, ?)');
  texts.forEach((text, i) => insert.run(i + 1, text));
  const rank = db.prepare('select rowid as id, -bm25(t) as score from t where t match ? order by bm25(t) limit ?');
  const count = db.prepare('select count(*) from t where t match ?').pluck();
  return {
    rank: (expression: string, limit: number) => rank.all(expression, limit) as Ranked[],
    documents: (word: string) => Number(count.get(quoteFts(word))),
    total: texts.length,
  };
}

// Real CUAD clauses (cuad-passages.ts), one sentence a passage, as a workspace's table holds them.
const SENTENCES = [ADAMS_LAW, ADAMS_TERMINATION, ADAMS_PRODUCT, ICORE_TERMINATION, ICORE_NOTICES, ANTARES_LAW, EUROMEDIA_LIABILITY]
  .flatMap((p) => p.text.split(/(?<=[.;:])\s+|\n+/))
  .map((s) => s.trim())
  .filter((s) => s.length > 20);

/** The same scores in order, and the same passages above the last score (its ties may differ in which made the cut). */
function assertSameBest(pruned: Ranked[], whole: Ranked[], label: string): void {
  assert.equal(pruned.length, whole.length, label);
  whole.forEach((hit, i) => assert.ok(Math.abs(hit.score - pruned[i]!.score) <= 1e-9 * Math.max(1, hit.score), `${label}: score at ${i}`));
  const last = whole[whole.length - 1]!.score + 1e-9;
  const above = (hits: Ranked[]) => hits.filter((h) => h.score > last).map((h) => h.id).sort((a, b) => a - b);
  assert.deepEqual(above(pruned), above(whole), `${label}: the same passages`);
}

describe('pruned ranking: the best passages holding two of the words, when they provably are the whole query best', () => {
  test('the plan takes the rarest word first, keeps each passage in one part, and bounds a one-word passage by the highest ceiling', () => {
    const plan = prunedPlan(
      [
        { text: 'agreement', documents: 900 },
        { text: 'terminate', documents: 40 },
        { text: 'notice', documents: 120 },
      ],
      1000,
      0,
    );
    assert.deepEqual(plan?.parts, ['"terminate" AND ("notice" OR "agreement")', '("notice" AND ("agreement")) NOT ("terminate")']);
    // FTS5's idf of the rarest word, times k1 + 1 = 2.2.
    assert.ok(Math.abs(plan!.ceiling - Math.log((1000 - 40 + 0.5) / (40 + 0.5)) * 2.2) < 1e-12);
  });

  test('no plan for one word, too many words, or too few postings to be worth it', () => {
    const words = (n: number, documents = PRUNE_MIN_POSTINGS) => Array.from({ length: n }, (_, i) => ({ text: `w${i}`, documents }));
    assert.equal(prunedPlan(words(1), 1e6), null);
    assert.equal(prunedPlan(words(PRUNE_MAX_WORDS + 1), 1e6), null);
    assert.ok(prunedPlan(words(PRUNE_MAX_WORDS), 1e6));
    assert.equal(prunedPlan(words(2, PRUNE_MIN_POSTINGS / 2 - 1), 1e6), null);
    assert.ok(prunedPlan(words(2, PRUNE_MIN_POSTINGS / 2), 1e6));
  });

  test('on real clauses, a pruned ranking is the whole query ranking, or there is none', async () => {
    const t = table(SENTENCES);
    // Every three of these words (each in 5-11 of the 40 sentences), as a question's words would be.
    const vocabulary = ['terminate', 'notice', 'party', 'claim', 'consultant', 'period', 'state', 'written', 'either'];
    const queries = vocabulary.flatMap((a, i) => vocabulary.slice(i + 1).flatMap((b, j) => vocabulary.slice(i + j + 2).map((c) => [a, b, c])));
    let pruned = 0;
    let rankings = 0;
    for (const words of queries) {
      const plan = prunedPlan(words.map((text) => ({ text, documents: t.documents(text) })), t.total, 0)!;
      const whole = words.map(quoteFts).join(' OR ');
      for (let limit = 1; limit <= 4; limit++) {
        rankings++;
        const best = await rankPruned(plan, limit, t.rank);
        if (best === null) continue;
        pruned++;
        assertSameBest(best, t.rank(whole, limit), `${words.join(' ')}, best ${limit}`);
      }
    }
    // Not vacuous: 32 of the 336 rankings are pruned, and each of them was checked above.
    assert.ok(pruned >= 20, `${pruned} of ${rankings} rankings pruned`);
  });

  test('a passage holding one word many times can beat every two-word passage: then no pruned ranking', async () => {
    const t = table([
      'Licensee shall indemnify Licensor. Indemnify, indemnify, indemnify.',
      ...SENTENCES.filter((s) => /liabilit/i.test(s) || /indemnif/i.test(s)),
      'In no event shall either party be liable for indirect damages, and each party shall indemnify the other for liability arising from its breach.',
    ]);
    const words = ['liability', 'indemnify'];
    const plan = prunedPlan(words.map((text) => ({ text, documents: t.documents(text) })), t.total, 0)!;
    const whole = t.rank(words.map(quoteFts).join(' OR '), 1);
    // The whole query's best holds "indemnify" alone: the parts never see it.
    assert.equal(whole[0]!.id, 1);
    assert.equal(await rankPruned(plan, 1, t.rank), null);
  });

  test('fewer passages than wanted hold two of the words: no pruned ranking', async () => {
    const t = table(SENTENCES);
    const words = ['governed', 'terminate'];
    const plan = prunedPlan(words.map((text) => ({ text, documents: t.documents(text) })), t.total, 0)!;
    const both = t.rank(`${quoteFts('governed')} AND ${quoteFts('terminate')}`, 100).length;
    assert.equal(await rankPruned(plan, both + 1, t.rank), null);
  });
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bm25Score, idf, phraseFrequency, termScoreBound, type Bm25Document } from './bm25.js';
import { parseFtsExpression, phrasesOf, type FtsNode } from './fts-expression.js';
import { essentialPhrases, holdingOneOf, indexLookup, phraseBounds, probePhrases, qualifyingSets, topK, type PhraseBound, type ReadMatches } from './max-score.js';
import { stemPositions } from './tsvector.js';
import { legalSentences, seededOrQueries } from '../../../test/support/legal-sentences.js';
import { matches } from '../../../test/support/fts-matches.js';

const docs: Bm25Document[] = legalSentences.map((s) => stemPositions([{ text: s.heading, label: 'A' }, { text: s.text, label: 'D' }]));
const WEIGHTS = { A: 3, D: 1 };

/** The search over the documents in memory, as postgres-ranked-search.ts runs it in SQL, counting the documents each read returns. */
async function searchInMemory(expression: string, limit: number, maxSets?: number): Promise<{ pruned: Array<{ id: number; score: number }>; full: Array<{ id: number; score: number }>; reads: number[] }> {
  const node = parseFtsExpression(expression)!;
  const phrases = phrasesOf(node);
  const hits = phrases.map((p) => docs.filter((d) => phraseFrequency(d, p, {}) > 0).length);
  const stats = { total: docs.length, tokens: docs.reduce((n, d) => n + d.tokenCount, 0), hits };
  const scored = (condition: FtsNode | null, exclude: number[]) =>
    docs
      .map((doc, i) => ({ id: i + 1, doc }))
      .filter(({ id, doc }) => matches(node, doc) && (condition === null || matches(condition, doc)) && !exclude.includes(id))
      .map(({ id, doc }) => ({ id, score: bm25Score(doc, phrases, stats, WEIGHTS) }));
  const reads: number[] = [];
  const read: ReadMatches = async (condition, exclude) => {
    const rows = scored(condition, exclude);
    reads.push(rows.length);
    return rows;
  };
  const pruned = await topK(phraseBounds(phrases, hits, docs.length), limit, read, maxSets);
  const full = scored(null, []).sort((a, b) => b.score - a.score || a.id - b.id).slice(0, limit);
  return { pruned, full, reads };
}

const QUERIES = [
  '"employer" OR "discriminatory practice" OR "pregnancy" OR "individual" OR "employment" OR "status"',
  '"unlawful" OR "refuse" OR "hire" OR "religion" OR "employee" OR "labor" OR "organization" OR "apprenticeship"',
  '"individual" AND ("employment" OR "employee" OR "compensation" OR "terms")',
  '"employ" OR "employ" OR "family responsibilities" OR "the"',
  '"status" OR "victim" OR "domestic" NOT "violence"',
];

for (const query of QUERIES) {
  test(`MaxScore keeps exactly the top k of scoring every match, on statute and contract sentences: ${query}`, async () => {
    for (const limit of [1, 2, 3, 5, 8, 40]) {
      const { pruned, full, reads } = await searchInMemory(query, limit);
      assert.ok(full.length > 0, query);
      assert.deepEqual(pruned, full, `${query}, k = ${limit} (reads: ${reads.join(', ')})`);
    }
  });
}

test('MaxScore keeps exactly the top k on 300 seeded queries of the sentences\' own words, and prunes in many of them', async () => {
  let pruning = 0;
  for (const { query, limit } of seededOrQueries(300)) {
    const { pruned, full, reads } = await searchInMemory(query, limit);
    assert.deepEqual(pruned, full, `${query}, k = ${limit} (reads: ${reads.join(', ')})`);
    const matching = (await searchInMemory(query, docs.length)).full.length;
    if (reads.reduce((a, b) => a + b, 0) < matching) pruning++;
  }
  // 92 of 300 read fewer documents than match; the rest have too few matches to be worth a probe.
  assert.ok(pruning >= 45, `pruned in ${pruning} of 300`);
});

const bound = (stems: string, hits: number, value: number): PhraseBound => ({ stems: stems.split(' '), hits, bound: value });

test('phrase bounds: k1 + 1 times the idf, a phrase written twice bounded twice', () => {
  const bounds = phraseBounds([['employ'], ['famili', 'respons'], ['employ']], [40, 3, 40], 1000);
  assert.equal(bounds.length, 2);
  assert.equal(bounds[0]!.bound, 2 * termScoreBound(idf(1000, 40)));
  assert.equal(bounds[1]!.bound, 2.2 * idf(1000, 3));
});

test('the probe takes the rarest phrases until they hold four times k documents, and none when that is all of them', () => {
  const bounds = [bound('employ', 900, 1), bound('pregnanc', 3, 9), bound('discriminatori practic', 30, 5), bound('individu', 400, 2)];
  assert.deepEqual(probePhrases(bounds, 10)?.map((p) => p.stems.join(' ')), ['pregnanc', 'discriminatori practic', 'individu']);
  assert.deepEqual(probePhrases(bounds, 2)?.map((p) => p.stems.join(' ')), ['pregnanc', 'discriminatori practic']);
  assert.equal(probePhrases(bounds, 500), null);
});

test('qualifying sets: exactly the smallest sets of phrases whose bounds pass the threshold', () => {
  // A seeded search over many random bounds: a set of held phrases can pass the threshold exactly
  // when it contains one of the sets, and every set is minimal.
  let seed = 20261128;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  for (let round = 0; round < 200; round++) {
    const phrases = Array.from({ length: 1 + Math.floor(random() * 7) }, (_, i) => bound(`w${i}`, 1, 0.5 + random() * 8));
    const threshold = random() * 20;
    const sets = qualifyingSets(phrases, threshold)!;
    for (let mask = 0; mask < 2 ** phrases.length; mask++) {
      const held = phrases.filter((_, i) => mask & (1 << i));
      const passes = held.reduce((s, p) => s + p.bound, 0) > threshold;
      const covered = sets.some((set) => set.every((p) => held.includes(p)));
      assert.equal(covered, passes, `round ${round}, held ${held.map((p) => p.stems[0]).join(',')}`);
    }
    for (const set of sets) {
      for (const left of set) assert.ok(set.filter((p) => p !== left).reduce((s, p) => s + p.bound, 0) <= threshold, 'minimal');
    }
  }
});

test('qualifying sets: none when the phrases cannot pass together; null past the query size worth writing', () => {
  assert.deepEqual(qualifyingSets([bound('a', 1, 1), bound('b', 1, 2)], 3), []);
  const many = Array.from({ length: 16 }, (_, i) => bound(`w${i}`, 1, 1));
  assert.equal(qualifyingSets(many, 7.5), null);
});

test('holding one of the sets is written nested by shared leading phrases', () => {
  const [a, b, c] = [bound('a', 1, 5), bound('b', 1, 4), bound('c', 1, 3)];
  const node = holdingOneOf([[a, b], [a, c], [b, c]]);
  const write = (n: FtsNode): string => (n.kind === 'phrase' ? n.stems.join(' ') : n.kind === 'not' ? '' : `(${n.items.map(write).join(n.kind === 'and' ? ' & ' : ' | ')})`);
  assert.equal(write(node), '((a & (b | c)) | (b & c))');
  assert.equal(write(holdingOneOf([[a], [b, c]])), '(a | (b & c))');
});

test('MaxScore keeps exactly the top k when the qualifying sets are too many to write and the essential phrases stand in', async () => {
  let conditioned = 0;
  for (const { query, limit } of seededOrQueries(300)) {
    const { pruned, full, reads } = await searchInMemory(query, limit, 1);
    assert.deepEqual(pruned, full, `${query}, k = ${limit} (reads: ${reads.join(', ')})`);
    const matching = (await searchInMemory(query, docs.length)).full.length;
    if (reads.length === 2 && reads[0]! + reads[1]! < matching) conditioned++;
  }
  assert.ok(conditioned >= 12, `the essential phrases left documents unread in ${conditioned} of 300`);
});

test('essential phrases: a document holding none of them holds phrases whose bounds stay within the threshold', () => {
  let seed = 20261129;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  for (let round = 0; round < 200; round++) {
    const phrases = Array.from({ length: 1 + Math.floor(random() * 7) }, (_, i) => bound(`w${i}`, 1, 0.5 + random() * 8));
    const threshold = random() * 20;
    const essential = essentialPhrases(phrases, threshold);
    const named = new Set(essential === null ? phrases.map((p) => p.stems[0]) : phrasesOf(essential).map((p) => p[0]));
    for (let mask = 0; mask < 2 ** phrases.length; mask++) {
      const held = phrases.filter((_, i) => mask & (1 << i));
      if (held.some((p) => named.has(p.stems[0]))) continue;
      assert.ok(held.reduce((s, p) => s + p.bound, 0) <= threshold, `round ${round}: holds none of them, yet could pass`);
    }
  }
});

test('the index lookup names each phrase once, picks each way of holding the condition by its rarest phrase, and misses no document that holds it', () => {
  const [a, b, c] = [bound('a', 10, 5), bound('b', 200, 4), bound('c', 900, 3)];
  const hitsOf = (stems: string[]) => ({ a: 10, b: 200, c: 900 })[stems[0] as 'a' | 'b' | 'c'];
  const write = (n: FtsNode): string => (n.kind === 'phrase' ? n.stems.join(' ') : n.kind === 'not' ? '' : `(${n.items.map(write).join(n.kind === 'and' ? ' & ' : ' | ')})`);
  // Past MAX_INDEXED_MENTIONS (0 here), the OR of each way's rarest phrase.
  assert.equal(write(indexLookup(holdingOneOf([[a, b], [a, c], [b, c]]), hitsOf, 0)), '(a | b)');
  // Up to it, the condition as written, which GIN evaluates in the index.
  const small = holdingOneOf([[a, b], [a, c], [b, c]]);
  assert.equal(indexLookup(small, hitsOf), small);
  // Named once already: the condition itself, which GIN scans by its required phrase.
  const once = holdingOneOf([[a, b]]);
  assert.equal(indexLookup(once, hitsOf), once);

  let differed = 0;
  for (const { query } of seededOrQueries(300)) {
    const node = parseFtsExpression(query)!;
    const phrases = phrasesOf(node);
    const hits = phrases.map((p) => docs.filter((d) => phraseFrequency(d, p, {}) > 0).length);
    const bounds = phraseBounds(phrases, hits, docs.length);
    const condition = holdingOneOf(qualifyingSets(bounds, bounds.reduce((s, p) => s + p.bound, 0) / 3) ?? []);
    if (condition.kind === 'or' && condition.items.length === 0) continue;
    const lookup = indexLookup(condition, (stems) => hits[phrases.findIndex((p) => p.join(' ') === stems.join(' '))] ?? 0, 0);
    const named = phrasesOf(lookup).map((p) => p.join(' '));
    assert.equal(new Set(named).size, named.length, `${query}: a phrase named twice`);
    if (lookup !== condition) differed++;
    for (const doc of docs) if (matches(condition, doc)) assert.ok(matches(lookup, doc), `${query}: the lookup misses a document holding the condition`);
  }
  assert.ok(differed >= 120, `the lookup stood in for the condition in ${differed} of 300`);
});

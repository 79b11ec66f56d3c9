import assert from 'node:assert/strict';
import { test } from 'node:test';
import { splitCommonTerms } from './common-terms.js';
import { analyzeQuestion } from './query-analysis.js';
import { singleWordStems } from './ubiquitous-terms.js';

test('single words above the share only score; rarer words, phrases and numbers pick the candidates', () => {
  const analysis = analyzeQuestion('Must the Distributor give "prior written notice" within 30 days under the agreement?');
  const stems = singleWordStems(analysis);
  const frequencies = new Map(stems.map((s) => [s, s === 'distributor' ? 10 : 500]));
  const split = splitCommonTerms(analysis, { total: 10_000, frequencies }, 0.01, 0);
  assert.ok(split);
  const rare = split.rare.terms.map((t) => t.stem);
  assert.ok(rare.includes('distributor'));
  assert.ok(split.common.some((c) => c.stem === 'agreement' && c.documents === 500));
  assert.ok(!split.common.some((c) => rare.includes(c.stem)), 'a term is on one side only');
  assert.deepEqual(split.rare.phrases, analysis.phrases, 'phrases are matched, never only scored');
  assert.ok(!split.common.some((c) => c.stem === 'not' || c.stem === 'within'), 'operators are not searched, so not scored either');
});

test('nothing is split when no term is common, when only expansions are rare, or when the common terms are in too few passages to pay', () => {
  const analysis = analyzeQuestion('Which state law governs the distributor agreement?');
  const stems = singleWordStems(analysis);
  const rareOnly = (keep: (t: { source: string }) => boolean) => new Map(analysis.terms.map((t) => [t.stem, keep(t) ? 10 : 5_000]));
  assert.equal(splitCommonTerms(analysis, { total: 10_000, frequencies: new Map(stems.map((s) => [s, 10])) }, 0.01, 0), null);
  assert.ok(analysis.terms.some((t) => t.source === 'expansion'), 'the question has thesaurus expansions');
  assert.equal(splitCommonTerms(analysis, { total: 100_000, frequencies: rareOnly((t) => t.source === 'expansion') }, 0.01, 0), null);
  assert.ok(splitCommonTerms(analysis, { total: 100_000, frequencies: rareOnly((t) => t.source === 'question' && t !== analysis.terms[0]) }, 0.01, 0));
  const few = new Map(stems.map((s) => [s, s === 'distributor' ? 10 : 500]));
  assert.ok(splitCommonTerms(analysis, { total: 10_000, frequencies: few }, 0.01, 0));
  assert.equal(splitCommonTerms(analysis, { total: 10_000, frequencies: few }, 0.01), null, 'a few thousand postings are cheaper to score than to rescore');
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyzeQuestion } from './query-analysis.js';
import { singleWordStems, withoutUbiquitousTerms } from './ubiquitous-terms.js';

test('terms in more than the given share of documents are left out, the rarest always stay', () => {
  const analysis = analyzeQuestion('Which state law governs the distributor agreement?');
  const stems = singleWordStems(analysis);
  assert.ok(stems.includes('agreement') && stems.includes('distributor'));
  const frequencies = new Map(stems.map((s) => [s, s === 'distributor' ? 10 : 9000]));
  const pruned = withoutUbiquitousTerms(analysis, { total: 10_000, frequencies }, 0.05, 1);
  const kept = pruned.terms.map((t) => t.stem);
  assert.ok(kept.includes('distributor'));
  assert.ok(!kept.includes('agreement'));
  const all = withoutUbiquitousTerms(analysis, { total: 10_000, frequencies: new Map(stems.map((s) => [s, 9000])) }, 0.05, 2);
  assert.equal(all.terms.filter((t) => !t.fts.includes(' ')).length, 2, 'a question of common words still searches');
  assert.deepEqual(withoutUbiquitousTerms(analysis, { total: 0, frequencies: new Map() }, 0.05), analysis);
  // In a small index every word looks common: nothing is pruned there.
  assert.deepEqual(withoutUbiquitousTerms(analysis, { total: 40, frequencies: new Map(stems.map((s) => [s, 30])) }, 0.05), analysis);
});

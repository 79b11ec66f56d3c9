import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ADAMS_LAW, ICORE_NOTICES } from '../../modules/query/__fixtures__/cuad-passages.js';
import { clauseStems } from './clause-features.js';
import { PairTable } from './pair-table.js';

/** A real passage's stem bigrams as id pairs, the way the clause tagger feeds them. */
function bigramIds(text: string): Array<[number, number]> {
  const ids = new Map<string, number>();
  const stems = clauseStems(text).map((s) => ids.get(s) ?? (ids.set(s, ids.size), ids.size - 1));
  return stems.slice(1).map((next, i) => [stems[i] as number, next]);
}

test('a pair table counts the distinct bigrams of a contract passage as a Set of strings does', () => {
  const table = new PairTable();
  for (const text of [ADAMS_LAW.text, ICORE_NOTICES.text]) {
    table.clear();
    const pairs = bigramIds(text);
    const added = pairs.filter(([a, b]) => table.add(a, b));
    assert.equal(table.size, new Set(pairs.map((p) => p.join(' '))).size);
    assert.equal(added.length, table.size);
  }
});

test('a pair table keeps values through growth and forgets everything on clear', () => {
  const table = new PairTable(2);
  const pairs = bigramIds(ICORE_NOTICES.text);
  pairs.forEach(([a, b], i) => table.add(a, b, i));
  for (const [a, b] of pairs) assert.equal(table.get(a, b), pairs.findIndex(([x, y]) => x === a && y === b));
  assert.equal(table.get(9999, 9999), -1);
  assert.equal(table.add(pairs[0]![0], pairs[0]![1], 7), false, 'an existing pair is not overwritten');
  table.clear();
  assert.equal(table.size, 0);
  assert.equal(table.get(pairs[0]![0], pairs[0]![1]), -1);
});

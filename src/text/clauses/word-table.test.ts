import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ADAMS_LAW } from '../../modules/query/__fixtures__/cuad-passages.js';
import { scanWordSpans } from '../word-scan.js';
import { WordTable } from './word-table.js';

test('words are found where they stand in a text, as a Map of the words finds them', () => {
  const table = new WordTable<number>(10_000);
  const reference = new Map<string, number>();
  scanWordSpans(ADAMS_LAW.text, (start, end) => {
    const word = ADAMS_LAW.text.slice(start, end);
    assert.equal(table.get(ADAMS_LAW.text, start, end), reference.get(word), word);
    if (!reference.has(word)) {
      reference.set(word, reference.size);
      table.set(word, reference.size - 1);
    }
  });
  assert.ok(reference.size > 20);
  assert.equal(table.size, reference.size);
  // The same word elsewhere, in another text, and a prefix or a longer word are told apart.
  const text = 'Governing governs Gov Governing';
  assert.equal(table.get(text, 0, 9), reference.get('Governing'));
  assert.equal(table.get(text, 22, 31), reference.get('Governing'));
  assert.equal(table.get(text, 18, 21), reference.get('Gov'));
  assert.equal(table.get(text, 10, 16), reference.get('govern'));
});

test('the table never holds more than its bound: a word past it empties the table first', () => {
  const table = new WordTable<string>(3);
  for (const word of ['Licensor', 'Licensee', 'Agreement']) table.set(word, word.toLowerCase());
  assert.equal(table.get('the Licensee', 4, 12), 'licensee');
  table.set('Territory', 'territory');
  assert.equal(table.size, 1);
  assert.equal(table.get('Licensee', 0, 8), undefined);
  assert.equal(table.get('Territory', 0, 9), 'territory');
});

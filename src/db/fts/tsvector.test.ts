import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTsvector, labelAt, parseTsvectorText, stemPositions, type ColumnLabel } from './tsvector.js';
import { legalSentences } from '../../../test/support/legal-sentences.js';

test('tsvector text reads back as the positions and column labels it was built from, on statute and contract sentences', () => {
  for (const s of legalSentences) {
    const columns = [
      { text: s.heading, label: 'A' as const },
      { text: 'Title 2. Government Administration', label: 'B' as const },
      { text: s.text, label: 'D' as const },
    ];
    assert.deepEqual(parseTsvectorText(buildTsvector(columns).text), stemPositions(columns).positions, s.text);
  }
});

test('tsvector text as PostgreSQL prints it: doubled quotes and backslashes, lexemes without positions, nothing at all', () => {
  const parsed = parseTsvectorText(`'it''s':3 'a\\\\b':1C,7B 'lessee':2,4,16383A 'bare'`);
  assert.deepEqual([...parsed.keys()], ["it's", 'a\\b', 'lessee', 'bare']);
  assert.deepEqual(parsed.get('a\\b'), [
    { position: 1, label: 'C' },
    { position: 7, label: 'B' },
  ]);
  assert.deepEqual(parsed.get('lessee')?.map((p) => `${p.position}${p.label}`), ['2D', '4D', '16383A']);
  assert.deepEqual(parsed.get('bare'), []);
  assert.equal(parseTsvectorText('').size, 0);
  assert.throws(() => parseTsvectorText(`'unterminated:1`), /unterminated/);
});

test("a position's label reads back from where its columns start, with an empty heading or hierarchy too", () => {
  const labels: ColumnLabel[] = ['A', 'B', 'D'];
  for (const s of legalSentences) {
    for (const [heading, hierarchy] of [[s.heading, 'Title 2. Government Administration'], ['', 'Title 2.'], [s.heading, ''], ['', '']]) {
      const columns = [heading, hierarchy, s.text].map((text, i) => ({ text: text!, label: labels[i]! }));
      const built = buildTsvector(columns);
      // The tsvector filtered to some stems with its labels overwritten (as the ranked search reads it), labelled again from the starts.
      const relabelled = parseTsvectorText(built.text.replace(/(\d)[ABC]?(?=[, ]|$)/g, '$1C'), (position) => labelAt(position, labels, built.labelStarts));
      assert.deepEqual(relabelled, stemPositions(columns).positions, `${heading} | ${hierarchy} | ${s.text}`);
    }
  }
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTsvector, parseTsvectorText, stemPositions } from './tsvector.js';
import { parseDocumentLines } from './postgres-ranked-search.js';
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

test('the ranked search reads one line a document: id, token count, and its positions', () => {
  const docs = parseDocumentLines(`12 40 'landlord':3,9 'deposit':5A\n7 3 \n8 15`);
  assert.deepEqual([...docs.keys()], [12, 7, 8]);
  assert.equal(docs.get(12)?.tokenCount, 40);
  assert.deepEqual(docs.get(12)?.positions.get('deposit'), [{ position: 5, label: 'A' }]);
  // A document none of whose lexemes were asked for prints an empty tsvector.
  assert.equal(docs.get(7)?.tokenCount, 3);
  assert.equal(docs.get(7)?.positions.size, 0);
  assert.equal(docs.get(8)?.tokenCount, 15);
  assert.equal(parseDocumentLines('').size, 0);
});

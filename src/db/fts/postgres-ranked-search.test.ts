import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Bm25Document } from './bm25.js';
import { forEachDocumentLine } from './postgres-ranked-search.js';

function parseDocumentLines(text: string, columns?: Array<'A' | 'B' | 'D'>): Map<number, Bm25Document> {
  const docs = new Map<number, Bm25Document>();
  forEachDocumentLine(text, (id, doc) => docs.set(id, doc), columns);
  return docs;
}

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

test("with the columns' starts on each line, a position's label is read from them, not from the tsvector", () => {
  // Heading from 1, hierarchy from 5, text from 12 (D.C. Code § 42-3502.08: "Increases above base rent prohibited").
  const docs = parseDocumentLines(`30 90 5,12 'rent':3C,40C 'increas':1C\n31 20 5,12 \n32 8  'rent':2C`, ['A', 'B', 'D']);
  assert.deepEqual(docs.get(30)?.positions.get('rent'), [
    { position: 3, label: 'A' },
    { position: 40, label: 'D' },
  ]);
  assert.deepEqual(docs.get(30)?.positions.get('increas'), [{ position: 1, label: 'A' }]);
  assert.equal(docs.get(31)?.tokenCount, 20);
  assert.equal(docs.get(31)?.positions.size, 0);
  // No starts: every position is in the first column.
  assert.deepEqual(docs.get(32)?.positions.get('rent'), [{ position: 2, label: 'A' }]);
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Bm25Document } from './bm25.js';
import { forEachDocumentLine } from './postgres-ranked-search.js';

function parseDocumentLines(text: string): Map<number, Bm25Document> {
  const docs = new Map<number, Bm25Document>();
  forEachDocumentLine(text, (id, doc) => docs.set(id, doc));
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

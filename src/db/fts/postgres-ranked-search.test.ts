import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseDocumentLines } from './postgres-ranked-search.js';

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

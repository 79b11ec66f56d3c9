import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ADAMS_LAW, ADAMS_TERMINATION, ICORE_NOTICES } from '../../query/__fixtures__/cuad-passages.js';
import { storedClauseTags, toSpans, withTexts } from './passage-spans.js';
import { clauseClassifier } from '../../../text/clauses/clause-classifier.js';
import { taggedPassages } from './tagged-passages.js';

// Two pages of real CUAD clauses, as a PDF's extraction hands them on.
const pages = [
  { page: 1, text: `${ADAMS_TERMINATION.text}\n\n${ADAMS_LAW.text}` },
  { page: 2, text: ICORE_NOTICES.text },
];

test('passages sent without their texts get exactly the same passages back from the pages', () => {
  const passages = taggedPassages(pages);
  assert.ok(passages.some((p) => p.page === 2));
  const spans = toSpans(passages);
  assert.ok(spans.every((s) => !('text' in s)));
  const back = withTexts(pages, spans);
  assert.deepEqual(back, passages);
  // The tags come back as the JSON the index stores, and they are the classifier's.
  assert.ok(passages.some((p) => Object.keys(JSON.parse(p.clauseTags ?? '{}')).length > 0));
  assert.deepEqual(back.map(storedClauseTags), passages.map(storedClauseTags));
  assert.deepEqual(back.map((p) => JSON.parse(storedClauseTags(p))), passages.map((p) => clauseClassifier().significant(p.text)));
});

test('a span outside its page is refused rather than stored with the wrong text', () => {
  assert.throws(() => withTexts(pages, [{ ordinal: 0, page: 3, start: 0, end: 5, clauseTags: '{}' }]), /outside page 3/);
  assert.throws(() => withTexts(pages, [{ ordinal: 0, page: 2, start: 0, end: ICORE_NOTICES.text.length + 1, clauseTags: '{}' }]), /outside page 2/);
});

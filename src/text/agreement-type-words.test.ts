import assert from 'node:assert/strict';
import { test } from 'node:test';
import { titleTokenIndexes } from './agreement-type-words.js';
import { tokenize } from './tokens.js';

const titleWords = (text: string) => {
  const tokens = tokenize(text);
  const title = titleTokenIndexes(tokens.map((t) => t.norm));
  return tokens.filter((_, i) => title.has(i)).map((t) => t.text);
};

test('agreement-type words are a title only in a run that names a kind of document', () => {
  // Titles as questions name CUAD contracts.
  assert.deepEqual(titleWords('Does the Exclusive Distribution Agreement between Accuray Inc. and Siemens AG grant exclusive rights?'), [
    'the',
    'Exclusive',
    'Distribution',
    'Agreement',
    'between',
  ]);
  assert.deepEqual(titleWords('Can the Corio license agreement be terminated for convenience?'), ['license', 'agreement']);
  // The same words asking about the contract's content are not a title.
  assert.deepEqual(titleWords('Does the company grant a license to use its software?'), []);
  assert.deepEqual(titleWords('Is the distributor prohibited from selling competing products?'), []);
  assert.deepEqual(titleWords(''), []);
});

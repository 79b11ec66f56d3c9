import assert from 'node:assert/strict';
import { test } from 'node:test';
import { capitalisedTitleIndexes, titleTokenIndexes } from './agreement-type-words.js';
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

const capitalisedTitleWords = (text: string) => {
  const tokens = tokenize(text);
  const title = capitalisedTitleIndexes(tokens);
  return tokens.filter((_, i) => title.has(i)).map((t) => t.text);
};

test('a run of capitalised words holding a document noun is a title, whatever its words', () => {
  // CUAD contracts' own titles, as a question names them.
  assert.deepEqual(capitalisedTitleWords('Who are the parties to the Affiliate Office Agreement between Payment Data Systems, Inc. and Network 1?'), [
    'Affiliate',
    'Office',
    'Agreement',
  ]);
  assert.deepEqual(capitalisedTitleWords('When does the Amendment and Termination of Joint Venture Agreement between Zhongshan Nissin and Veoneer expire?'), [
    'Amendment',
    'and',
    'Termination',
    'of',
    'Joint',
    'Venture',
    'Agreement',
  ]);
  // Capitalised words that name no document are not a title; the sentence's first word never starts one.
  assert.deepEqual(capitalisedTitleWords('Does Accuray Inc. grant Siemens AG exclusive rights?'), []);
  assert.deepEqual(capitalisedTitleWords('Agreement terms: can the licensee assign them?'), []);
  // Capitals say nothing in a text written all in them, or in title case.
  assert.deepEqual(capitalisedTitleWords('WHEN DOES THE TRANSFER AND SERVICING AGREEMENT EXPIRE?'), []);
  assert.deepEqual(capitalisedTitleWords('What Is The Governing Law Of The Supply Agreement?'), []);
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseFtsExpression, phrasesOf, plainOrWords, toTsQuery } from './fts-expression.js';
import { buildTsvector } from './tsvector.js';

test('quoted phrases joined by OR become stemmed tsquery phrases', () => {
  const node = parseFtsExpression('"landlord shall" OR "security deposits" OR "30-day"')!;
  assert.equal(toTsQuery(node), "(('landlord' <-> 'shall') | ('secur' <-> 'deposit') | ('30' <-> 'dai'))");
  assert.deepEqual(phrasesOf(node), [['landlord', 'shall'], ['secur', 'deposit'], ['30', 'dai']]);
});

test('AND binds tighter than OR, NOT tightest; doubled quotes are plain text', () => {
  const node = parseFtsExpression('"tenant" AND ("notice" OR "writing") NOT "oral" OR "he said ""no"""')!;
  assert.equal(toTsQuery(node), "(('tenant' & (('notic' | 'write') & !'oral')) | ('he' <-> 'said' <-> 'no'))");
});

test('nothing searchable is null; punctuation-only phrases are dropped', () => {
  assert.equal(parseFtsExpression('"§" OR "--"'), null);
  assert.equal(toTsQuery(parseFtsExpression('"§" OR "lease"')!), "'leas'");
});

test('tsvector text: stems with positions, column labels, a gap between columns', () => {
  const built = buildTsvector([
    { text: 'Security deposits.', label: 'A' },
    { text: 'A landlord shall return the deposit.', label: 'D' },
  ]);
  assert.equal(built.tokenCount, 8);
  assert.equal(built.text, "'secur':1A 'deposit':2A,9 'a':4 'landlord':5 'shall':6 'return':7 'the':8");
});

test('the words of a plain OR of quoted single words, as written and stemmed; null for anything else', () => {
  assert.deepEqual(plainOrWords('"terminate" OR "convenience" OR "agreement"'), [
    { text: 'terminate', stem: 'termin' },
    { text: 'convenience', stem: 'conveni' },
    { text: 'agreement', stem: 'agreement' },
  ]);
  assert.deepEqual(plainOrWords('"liability"'), [{ text: 'liability', stem: 'liabil' }]);
  // A phrase, a word the tokenizer splits ("non-compete"), AND, NOT, a prefix, a bare word, an escaped quote.
  for (const expression of ['"security deposit" OR "lease"', '"non-compete" OR "party"', '"tenant" AND "notice"', '"tenant" NOT "oral"', '"assign"* OR "consent"', 'assign OR "consent"', '"he said ""no""" OR "x"']) {
    assert.equal(plainOrWords(expression), null, expression);
  }
});

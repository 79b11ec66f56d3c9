import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseFtsExpression, phrasesOf, toTsQuery } from './fts-expression.js';
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

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { boundAnalysedText, withNote } from './research-bounds.js';

const sentence = 'A landlord shall return the security deposit within 45 days after the tenancy ends. ';

test('a short question is analysed whole, with no note', () => {
  assert.deepEqual(boundAnalysedText(sentence.trim(), 'question'), { text: sentence.trim(), note: null });
});

test('a long assertion is cut at a word boundary within the bound, and the note says so', () => {
  const long = sentence.repeat(10_000);
  const bounded = boundAnalysedText(long, 'assertion');
  assert.ok(bounded.text.length <= 2000 && bounded.text.length > 1900);
  assert.ok(long.startsWith(bounded.text));
  assert.match(long.charAt(bounded.text.length), /\s/);
  assert.equal(bounded.note, 'Only the first 2,000 characters of the assertion were analysed.');
  assert.equal(withNote('SUPPORTED by § 42-3502.17.', bounded.note), 'SUPPORTED by § 42-3502.17. Only the first 2,000 characters of the assertion were analysed.');
});

test('text without spaces is cut at the bound itself', () => {
  assert.equal(boundAnalysedText('x'.repeat(5000), 'question').text.length, 2000);
});

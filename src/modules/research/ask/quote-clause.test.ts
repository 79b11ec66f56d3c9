import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeQuestion } from '../../../text/query-analysis.js';
import { scoreSentence } from '../../../text/overlap.js';
import { bestClause, MAX_QUOTE_CHARS } from './quote-clause.js';
import { provisionUnits } from './provision-units.js';
import { fixtureSection } from './__fixtures__/sections.js';

function unitHolding(text: string, needle: string) {
  const unit = provisionUnits(text).find((u) => u.text.includes(needle));
  assert.ok(unit, `no unit holds "${needle}"`);
  return unit;
}

test('a long provision is cut to the clause that answers, verbatim: 32-1303(1)', () => {
  const text = fixtureSection('32-1303').text;
  const unit = unitHolding(text, 'Whenever an employer discharges an employee');
  assert.ok(unit.text.length > MAX_QUOTE_CHARS, 'the fixture sentence must be long for this test');
  const analysis = analyzeQuestion('When must the employer pay wages after it discharges an employee?');
  const quote = bestClause(text, unit, (s) => scoreSentence(s, analysis));
  assert.equal(quote.text, text.slice(quote.start, quote.end));
  assert.ok(quote.text.length <= MAX_QUOTE_CHARS);
  assert.ok(quote.text.includes('not later than the working day following such discharge'), quote.text);
  assert.ok(!quote.text.includes('responsible for monies'), 'the proviso is a different clause');
});

test('the proviso is quoted when it is what the question asks about', () => {
  const text = fixtureSection('32-1303').text;
  const unit = unitHolding(text, 'Whenever an employer discharges an employee');
  const analysis = analyzeQuestion('How many days does an employer have when the employee was responsible for monies of the employer?');
  const quote = bestClause(text, unit, (s) => scoreSentence(s, analysis));
  assert.ok(quote.text.includes('a period of 4 days'), quote.text);
  assert.ok(text.includes(quote.text));
});

test('a provision within the limit is quoted whole', () => {
  const text = fixtureSection('18-103').text;
  const unit = unitHolding(text, 'attested and subscribed');
  const quote = bestClause(text, unit, () => 1);
  assert.deepEqual(quote, { start: unit.start, end: unit.end, text: unit.text });
});

test('with no clause boundary at all, the cut falls on a word boundary', () => {
  const text = `(a) ${Array.from({ length: 120 }, (_, i) => `word${i}`).join(' ')}.`;
  const quote = bestClause(text, { start: 0, end: text.length }, () => 0, 100);
  assert.ok(quote.text.length <= 100);
  assert.equal(quote.text, text.slice(quote.start, quote.end));
  assert.match(quote.text, /word\d+$/);
});

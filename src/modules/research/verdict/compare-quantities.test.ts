import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { compareQuantity } from './compare-quantities.js';
import { extractQuantities, type Quantity } from './quantities.js';

function q(text: string): Quantity {
  const found = extractQuantities(text)[0];
  assert.ok(found !== undefined, text);
  return found;
}
const rel = (assertion: string, provision: string): string => compareQuantity(q(assertion), q(provision));

describe('compareQuantity', () => {
  test('equal figures in other words match', () => {
    assert.equal(rel('30 days', 'thirty (30) days'), 'match');
    assert.equal(rel('one month', '30 days'), 'match');
    assert.equal(rel('1 year', '12 months'), 'match');
    assert.equal(rel('$600', '600 dollars'), 'match');
    assert.equal(rel('18 percent', 'eighteen per centum'), 'match');
  });
  test('a point against the provision bound', () => {
    assert.equal(rel('30 days', 'at least 30 days'), 'match');
    assert.equal(rel('15 days', 'at least 30 days'), 'conflict');
    assert.equal(rel('$5,000', 'not more than $1,000'), 'conflict');
    assert.equal(rel('$500', 'not more than $1,000'), 'consistent');
  });
  test('bounds in the same or opposite direction', () => {
    assert.equal(rel('at least 30 days', 'not less than 30 days'), 'match');
    assert.equal(rel('at least 15 days', 'at least 30 days'), 'conflict');
    assert.equal(rel('up to 5 years', 'not less than 5 years'), 'conflict');
    assert.equal(rel('within three years', '1 year'), 'conflict');
  });
  test('ranges', () => {
    assert.equal(rel('two to ten years', 'not less than two years nor more than 10 years'), 'match');
    assert.equal(rel('three to ten years', 'not less than two years nor more than 10 years'), 'conflict');
    assert.equal(rel('up to 10 years', 'not less than two years nor more than 10 years'), 'match');
  });
  test('different kinds and units', () => {
    assert.equal(rel('30 days', '$30'), 'incomparable');
    assert.equal(rel('10 days', '10 business days'), 'conflict');
    assert.equal(rel('under 18', 'under 16 years of age'), 'conflict');
    assert.equal(rel('under 16', 'under 16 years of age'), 'match');
  });
});

describe('frequencies', () => {
  test('how often compares with how often, never with a deadline', () => {
    assert.equal(rel('every two years', 'shall submit annually'), 'conflict');
    assert.equal(rel('every year', 'shall submit annually'), 'match');
    assert.equal(rel('quarterly', 'at least annually'), 'consistent');
    assert.equal(rel('within 365 days', 'shall submit annually'), 'incomparable');
  });
});

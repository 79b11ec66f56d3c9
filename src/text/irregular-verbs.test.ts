import assert from 'node:assert/strict';
import { test } from 'node:test';
import { stemmer } from 'stemmer';
import { isIrregularParticiple, verbStem } from './irregular-verbs.js';

test('an irregular participle stems as its base; other words stem as themselves', () => {
  assert.equal(verbStem('paid'), stemmer('pay'));
  assert.equal(verbStem('Withheld'), stemmer('withhold'));
  assert.equal(verbStem('declared'), stemmer('declared'));
  assert.ok(isIrregularParticiple('sworn'));
  assert.ok(!isIrregularParticiple('declared'));
});

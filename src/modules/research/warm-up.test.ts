import { test } from 'node:test';
import assert from 'node:assert/strict';
import { warmResearch } from './warm-up.js';

// The warm-up is worth its start-up time only if it runs the paths a real answer runs: a quoted
// answer and a verdict read from a figure, not the abstention path.
test('the warm-up answers from its section and supports its assertion', () => {
  const { answer, verdict } = warmResearch();
  assert.equal(answer.confidence, 'HIGH');
  assert.equal(answer.citations[0]?.code, 'D.C. Code § 12-302');
  assert.match(answer.citations[0]?.quote ?? '', /within 5 years after the disability is removed/);
  assert.equal(verdict.verdict, 'SUPPORTED');
  assert.match(verdict.explanation, /within 5 years/);
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clauseTarget } from './retrieve.js';

// Name scores read in eval:workspace's room of 399 CUAD contracts for "Which state's law governs the
// Joint Filing Agreement between Hps Mezzanine Partners Ii Gp, L.P. and Mezzanine Partners Ii
// Offshore Lux S.à R.L Ii?": The Joint Corp.'s franchise agreement (party "The Joint Corp.") 0.900,
// Sykes's outsourcing agreement 0.900, the joint filing agreement asked about 0.805.
const JOINTCORP = 1;
const SYKES = 2;
const ATENTOSA = 3;
const scores = new Map([[JOINTCORP, 0.9], [SYKES, 0.9], [ATENTOSA, 0.805]]);
const named = [JOINTCORP, SYKES];

test('a clause question is answered from the first-ranked file when the question names it at all, not from the best-named one', () => {
  assert.equal(clauseTarget(ATENTOSA, named, scores), ATENTOSA);
  assert.equal(clauseTarget(SYKES, named, scores), SYKES);
});

test('a first-ranked file the question does not name at all leaves the best-named file', () => {
  assert.equal(clauseTarget(99, named, scores), JOINTCORP);
  assert.equal(clauseTarget(undefined, named, scores), JOINTCORP);
  assert.throws(() => clauseTarget(undefined, [], scores));
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { expressedProbability, statesOnlyOpposite } from './opposite-wording.js';

// Sentences of CUAD v1 contracts (CC BY 4.0): the 2TheMart / i-Escrow co-branding agreement and the
// Accuray / Siemens distributor agreement, then an exclusive grant worded with a negated neighbour.
const NON_EXCLUSIVE_LICENSE =
  '2TheMart hereby grants to i-Escrow a worldwide, non-exclusive right to use, reproduce, distribute, publicly perform, publicly display and digitally perform the 2TheMart Content.';
const NON_EXCLUSIVE_DISTRIBUTOR = 'Accuray wishes to appoint Distributor (as defined below) as a non-exclusive, worldwide distributor for the Products and Services.';
const EXCLUSIVE_GRANT = 'Licensor grants to Licensee an exclusive, non-transferable license to sell the Products in the Territory.';

test('a grant worded only as non-exclusive states the opposite of exclusivity', () => {
  assert.equal(statesOnlyOpposite('Exclusivity', NON_EXCLUSIVE_LICENSE), true);
  assert.equal(statesOnlyOpposite('Exclusivity', NON_EXCLUSIVE_DISTRIBUTOR), true);
  assert.equal(statesOnlyOpposite('Exclusivity', 'The license granted is nonexclusive.'), true);
  assert.equal(statesOnlyOpposite('Exclusivity', 'The appointment is not exclusive.'), true);
});

test('a passage that also states the term plainly expresses it', () => {
  assert.equal(statesOnlyOpposite('Exclusivity', EXCLUSIVE_GRANT), false);
  assert.equal(statesOnlyOpposite('Exclusivity', `${NON_EXCLUSIVE_LICENSE} Distributor shall purchase the Products exclusively from Supplier.`), false);
});

test('a passage that does not speak of the term, and categories without a negated form, are left alone', () => {
  assert.equal(statesOnlyOpposite('Exclusivity', 'Consultant will not provide consulting services to any competitor during the term.'), false);
  assert.equal(statesOnlyOpposite('Non-Compete', NON_EXCLUSIVE_LICENSE), false);
});

test('what every reader of clause tags goes by: the stored tag, or 0 for the negative wording', () => {
  const clauses = { Exclusivity: 0.9 };
  assert.equal(expressedProbability('Exclusivity', { text: NON_EXCLUSIVE_LICENSE, clauses }), 0);
  assert.equal(expressedProbability('Exclusivity', { text: EXCLUSIVE_GRANT, clauses }), 0.9);
  assert.equal(expressedProbability('Exclusivity', { text: EXCLUSIVE_GRANT }), 0);
  assert.equal(expressedProbability('Audit Rights', { text: NON_EXCLUSIVE_LICENSE, clauses: { 'Audit Rights': 0.4 } }), 0.4);
});

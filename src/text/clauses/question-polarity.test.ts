import { test } from 'node:test';
import assert from 'node:assert/strict';
import { leadWhenPresent } from './question-polarity.js';

test('a clause answers yes to a question about the clause', () => {
  assert.equal(leadWhenPresent('Audit Rights', "Does the Adams Golf agreement give a party the right to audit the other's books?"), 'Yes.');
  assert.equal(leadWhenPresent('Termination For Convenience', 'Can the supply agreement be terminated for convenience?'), 'Yes.');
  assert.equal(leadWhenPresent('Non-Compete', 'Does the agreement restrict a party from competing?'), 'Yes.');
  assert.equal(leadWhenPresent('Anti-Assignment', "Does assigning the agreement require the other party's consent?"), 'Yes.');
  assert.equal(leadWhenPresent('Anti-Assignment', 'Under the reseller agreement, is assignment prohibited?'), 'Yes.');
});

test('a restriction answers no to a question asking for the freedom it takes away', () => {
  assert.equal(leadWhenPresent('Anti-Assignment', "Can a party assign the reseller agreement without the other party's consent?"), 'No.');
  assert.equal(leadWhenPresent('Anti-Assignment', 'Under the reseller agreement, may Detto assign its rights?'), 'Not freely.');
  assert.equal(leadWhenPresent('Non-Compete', 'Is the consultant free to work for a competitor?'), 'Not freely.');
  assert.equal(leadWhenPresent('No-Solicit Of Employees', "Can Acme hire the other party's employees?"), 'Not freely.');
});

test('a question that is not a yes/no question gets neither', () => {
  assert.equal(leadWhenPresent('Change Of Control', 'What happens under the agreement if a party undergoes a change of control?'), null);
  assert.equal(leadWhenPresent('Insurance', 'What insurance must be maintained under the agreement?'), null);
});

test("a document's name in the question asks nothing ('Limited')", () => {
  assert.equal(leadWhenPresent('Anti-Assignment', "Can a party assign the Reseller Agreement between 2205925 Ontario Limited and Diversinet Corp. without the other party's consent?"), 'No.');
  assert.equal(leadWhenPresent('Anti-Assignment', "Can a party assign the Limited Power Of Attorney without the other party's consent?"), 'No.');
});

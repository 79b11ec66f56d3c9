import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readQuestionClause } from './clause-classifier.js';

// Questions naming CUAD contracts by title and parties, as master_clauses.csv names them.
test('the parties a title names ("between Sev Group Limited and Dairy Crest Limited") are not read as clause words', () => {
  assert.equal(readQuestionClause('When does the Fleet Maintenance Agreement between Sev Group Limited and Dairy Crest Limited expire?')?.category, 'Expiration Date');
  assert.equal(
    readQuestionClause('When does the Distribution And Development Agreement between Qualigen, Inc. and its Affiliates and Sekisui Diagnostics, LLC and its Affiliates expire?')?.category,
    'Expiration Date',
  );
  // "its" goes on to what it owns, capitalised or not: "and its affiliates" is a party, not an
  // affiliate licence (before, "who are the parties" was answered "has no clause on affiliate license-licensee").
  assert.equal(readQuestionClause('Who are the parties to the Distributor Agreement between Wireless Links Inc and Jaguar Investments, Inc. and its affiliates?'), null);
  assert.equal(readQuestionClause('When does the Supply Agreement between Acme Corp. and its subsidiaries and Beta LLC expire?')?.category, 'Expiration Date');
  // "Limited" in a party's name no longer reads as a limited (non-transferable) licence.
  assert.notEqual(readQuestionClause('Who are the parties to the Fleet Maintenance Agreement between Sev Group Limited and Dairy Crest Limited?')?.category, 'Non-Transferable License');
});

test("a title's own words (\"Affiliate Office\", \"Transfer Agent Services\") are not read as clause words", () => {
  // Before, these read as Affiliate License-Licensee and Non-Transferable License, and the engine
  // answered "who are the parties" with "has no clause on ...".
  assert.equal(readQuestionClause('Who are the parties to the Affiliate Office Agreement between Payment Data Systems, Inc. and Network 1 Financial?'), null);
  assert.equal(readQuestionClause('Who are the parties to the Service Agreement For Transfer Agent Services between Blackstone and Mellon Investor Services?'), null);
  // The question's own words still are.
  assert.equal(
    readQuestionClause('Can the Affiliate Office Agreement between Payment Data Systems, Inc. and Network 1 Financial be terminated for convenience?')?.category,
    'Termination For Convenience',
  );
});

test('the question goes on after the party names: its own words are still read', () => {
  assert.equal(readQuestionClause('Does the Distributor Agreement between Accuray Inc. and Siemens AG restrict a party from competing?')?.category, 'Non-Compete');
  assert.equal(readQuestionClause('Is liability capped under the Supply Agreement with Miltenyi Biotec GmbH?')?.category, 'Cap On Liability');
  // Written all in capitals, no word can be told to be a name: none is left out.
  assert.equal(readQuestionClause('DOES THE SUPPLY AGREEMENT BETWEEN ACME AND BETA RESTRICT A PARTY FROM COMPETING?')?.category, 'Non-Compete');
});

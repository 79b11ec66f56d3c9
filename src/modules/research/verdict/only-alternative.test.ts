import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { onlyAlternativeConflict } from './only-alternative.js';

// Colo. Rev. Stat. § 2-3-305, whole.
const SENTENCE =
  'The governor may present, at any meeting of the council, in person or in writing, requests, recommendations, reports, and explanations of the policies of the administration, or any other matters pertaining to the government of the state or its policies.';

describe('onlyAlternativeConflict: "only" one of the alternatives a provision joins with "or"', () => {
  test('"only in writing" against "in person or in writing"', () => {
    const found = onlyAlternativeConflict('In Colorado, the governor may present recommendations to the legislative council only in writing.', SENTENCE);
    assert.deepEqual([found?.kind, found?.assertionWords, found?.provisionWords], ['negation-conflict', 'only in writing', 'in person or in writing']);
  });
  test('no "only", or both alternatives claimed: no conflict', () => {
    assert.equal(onlyAlternativeConflict('In Colorado, the governor may present recommendations to the council in writing.', SENTENCE), null);
    assert.equal(onlyAlternativeConflict('In Colorado, the governor may present recommendations only in person or in writing.', SENTENCE), null);
  });
  test('"only" before a phrase the provision does not offer as an alternative says nothing', () => {
    assert.equal(onlyAlternativeConflict('The governor may present only reports.', SENTENCE), null);
  });
});

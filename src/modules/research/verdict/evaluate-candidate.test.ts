import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { evaluateCandidate, readAssertion } from './evaluate-candidate.js';

const kinds = (assertion: string, sentence: string) => evaluateCandidate(readAssertion(assertion, []), sentence).map((f) => f.kind);

describe('party-same: the sentence gives the assertion\'s action to the assertion\'s own holder', () => {
  // 44 U.S.C. § 3106(a) and 51 U.S.C. § 50903(a), release point 119-36, cut.
  test('the same holder, however determined ("a" / "each"), for the same action', () => {
    assert.ok(kinds('The head of a federal agency must notify the Archivist of any unlawful destruction of records.', 'The head of each Federal agency shall notify the Archivist of any actual, impending, or threatened unlawful removal, defacing, alteration, corruption, deletion, erasure, or other destruction of records in the custody of the agency.').includes('party-same'));
  });
  test('not when the sentence names another office under the same head ("Secretary of Defense" / "of Transportation")', () => {
    assert.ok(!kinds('The Secretary of Defense must carry out this chapter.', 'The Secretary of Transportation shall carry out this chapter.').includes('party-same'));
    assert.ok(kinds('The Secretary of Transportation must carry out this chapter.', 'The Secretary of Transportation shall carry out this chapter.').includes('party-same'));
  });
});

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

describe('the modal governs its own verb, not a gerund in a prepositional phrase after it', () => {
  // D.C. Code § 1-206.03(b)(2), cut.
  const sentence = 'Obligations incurred pursuant to the authority contained in subchapter II of Chapter 3 of Title 3 shall not be included in determining the aggregate amount of all outstanding obligations subject to the limitation specified in the preceding paragraph.';
  test('"shall not be included in determining the amount" neither agrees nor conflicts with a claim about who may determine it', () => {
    const found = kinds('The D.C. Mayor is not authorized to determine the principal amount of the bonds to be issued.', sentence);
    assert.ok(!found.includes('modality-agree'), found.join(', '));
    assert.ok(!found.includes('modality-conflict'), found.join(', '));
  });
  test('the verb after the modal is still governed: "shall not be included"', () => {
    assert.ok(kinds('Such obligations must not be included in the aggregate amount of outstanding obligations.', sentence).includes('modality-agree'));
  });
});

describe('another holder for the same action contradicts', () => {
  // Colo. Rev. Stat. § 2-3-124(1), cut.
  const sentence = 'On or before January 1, 2019, and on or before January 1, 2024, the state auditor shall audit the reports of recidivism rates and educational outcomes for youth committed to the division of youth services in the state department of human services.';
  test('"the judicial department must audit" against "the state auditor shall audit"', () => {
    const found = evaluateCandidate(readAssertion('In Colorado, the judicial department must audit the division of youth services\' reports on recidivism and educational outcomes.', []), sentence);
    const conflict = found.find((f) => f.kind === 'name-conflict');
    assert.deepEqual([conflict?.assertionWords, conflict?.provisionWords], ['judicial department must', 'auditor shall']);
  });
  test('the same holder agrees', () => {
    assert.ok(!kinds('In Colorado, the state auditor must audit the division of youth services\' reports on recidivism and educational outcomes.', sentence).includes('name-conflict'));
  });
});

describe('another holder is quoted with the name it is "of"', () => {
  test('"Secretary of Homeland Security must" against "Director of the Coast Guard Reserve shall"', () => {
    // 14 U.S.C. § 309(e), release point 119-36.
    const sentence = 'The Director of the Coast Guard Reserve shall submit to the Secretary of Homeland Security and the Secretary of Defense an annual report on the state of the Coast Guard Reserve and the ability of the Coast Guard Reserve to meet its missions.';
    const found = evaluateCandidate(readAssertion('The Secretary of Homeland Security must submit the annual report on the state of the Coast Guard Reserve.', []), sentence);
    const conflict = found.find((f) => f.kind === 'name-conflict');
    assert.deepEqual([conflict?.assertionWords, conflict?.provisionWords], ['Secretary of Homeland Security must', 'Director of the Coast Guard Reserve shall']);
  });
});

describe('a plain statement that the law undoes what a provision forbids it to undo', () => {
  // Colo. Rev. Stat. § 2-4-303, cut.
  const sentence = 'The repeal, revision, amendment, or consolidation of any statute or part of a statute or section or part of a section of any statute shall not have the effect to release, extinguish, alter, modify, or change in whole or in part any penalty, forfeiture, or liability, either civil or criminal, which shall have been incurred under such statute, unless the repealing, revising, amending, or consolidating act so expressly provides.';
  test('"the repeal of a statute extinguishes any liability already incurred" is contradicted, the prohibition quoted through its verb', () => {
    const found = evaluateCandidate(readAssertion('In Colorado, the repeal of a statute extinguishes any liability already incurred under it, unless the repealing act provides otherwise.', []), sentence);
    const conflict = found.find((f) => f.kind === 'negation-conflict');
    assert.deepEqual([conflict?.assertionWords, conflict?.provisionWords], ['extinguishes', 'shall not have the effect to release, extinguish']);
  });
  test('saying that it does not release the penalty is no conflict', () => {
    assert.ok(!kinds('In Colorado, repealing a statute does not release a penalty already incurred under it unless the repealing act expressly provides so.', sentence).includes('negation-conflict'));
  });
});

describe('an aside between the modal and its verb', () => {
  // Va. Code Ann. § 62.1-44.15:39, cut.
  const sentence = 'In addition to the Board\'s authority set forth in § 62.1-44.20, a locality serving as a VESMP authority or as an operator of a regulated municipal separate storm sewer system or any duly authorized agent thereof may, at reasonable times and under reasonable circumstances, enter any establishment or upon any property, public or private, for the purpose of obtaining information or conducting surveys or investigations necessary in the enforcement of the provisions of this article.';
  test('"may, at reasonable times and under reasonable circumstances, enter" governs "enter"', () => {
    assert.ok(kinds('In Virginia, a locality serving as a VESMP authority may enter an establishment.', sentence).includes('modality-agree'));
    assert.ok(kinds('In Virginia, a locality serving as a VESMP authority may not enter an establishment.', sentence).includes('modality-conflict'));
  });
});

describe('a modal in a relative clause describes a noun and governs nothing', () => {
  // Va. Code Ann. § 1-9, its first sentence, cut.
  const sentence = 'Nothing in this Code shall operate to discontinue any cause or matter, civil or criminal, which shall be pending and undetermined in any court on the day before this Code, or any provision of this Code, takes effect; but every such cause and matter shall be proceeded in, tried and determined in such court.';
  test('"Nothing in this Code shall" governs, not "which shall be pending": no negation conflict with "is not discontinued"', () => {
    const found = kinds('A cause pending in court on the day before a Code provision takes effect is not discontinued by that provision.', sentence);
    assert.ok(!found.includes('negation-conflict'), found.join(', '));
    assert.ok(!found.includes('modality-conflict'), found.join(', '));
  });
  test('the plain claim that it is discontinued meets the prohibition', () => {
    assert.ok(kinds('A cause pending in court on the day before a Code provision takes effect is discontinued by that provision.', sentence).includes('modality-conflict'));
  });
});

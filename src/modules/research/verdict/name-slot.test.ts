import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { actorSlotConflict, nameSlotConflict } from './name-slot.js';
import { decideVerdict } from './decide-verdict.js';
import type { Provision } from './verdict.types.js';

// D.C. Code § 7-771.04 and 51 U.S.C. § 50903(a), (d), as published.
const DC_7_771_04: Provision = {
  id: 'D.C. Code § 7-771.04',
  text: `The Department shall be headed by a Director, who shall:
(1) Be appointed by the Mayor with the advice and consent of the Council, pursuant to § 1-523.01(a);
(2) Be qualified by experience and training to carry out the purposes of the Department as set forth in § 7-771.03; and
(3) Serve at the pleasure of the Mayor.`,
};
const USC_51_50903: Provision = {
  id: '51 U.S.C. § 50903',
  text: `(a) General.— The Secretary of Transportation shall carry out this chapter.
(d) Executive Agency Assistance.— When necessary, the head of an executive agency shall assist the Secretary in carrying out this chapter.`,
};

describe('another name in the same place contradicts', () => {
  test('"at the pleasure of the Council" against "at the pleasure of the Mayor"', () => {
    const d = decideVerdict('The Director of the Department serves at the pleasure of the Council.', [DC_7_771_04]);
    assert.equal(d.verdict, 'CONTRADICTED');
    assert.equal(d.explanation, 'The assertion says "pleasure of the Council" but D.C. Code § 7-771.04 says "pleasure of the Mayor".');
  });
  test('the same name is SUPPORTED', () => {
    assert.equal(decideVerdict('The Director of the Department serves at the pleasure of the Mayor.', [DC_7_771_04]).verdict, 'SUPPORTED');
  });
  test('"the Secretary of Defense" against "the Secretary of Transportation", the whole title quoted', () => {
    // At the bar /v1/check sets for provisions retrieved as relevant (RETRIEVED_NO_MATCH_THRESHOLD):
    // without "Defense" the sentence holds under half of the assertion's weighted words.
    const d = decideVerdict('The Secretary of Defense must carry out this chapter.', [USC_51_50903], { noMatchThreshold: 0.25 });
    assert.equal(d.verdict, 'CONTRADICTED');
    assert.equal(d.explanation, 'The assertion says "Secretary of Defense" but 51 U.S.C. § 50903 says "Secretary of Transportation".');
  });
  test('"the Secretary of Transportation" is SUPPORTED', () => {
    assert.equal(decideVerdict('The Secretary of Transportation must carry out this chapter.', [USC_51_50903]).verdict, 'SUPPORTED');
  });
});

describe('a name runs through its joining words ("the Secretary of State")', () => {
  // 24 U.S.C. § 322(a), cut.
  const sentence = 'Upon request of the Secretary of State, the Secretary of Health and Human Services is authorized to receive any eligible person at any port of entry.';
  test('"at the request of the Attorney General" against "request of the Secretary of State", though the assertion says "Secretary" of another office', () => {
    const f = nameSlotConflict('The Secretary of Health and Human Services may receive eligible persons at ports of entry only at the request of the Attorney General.', sentence);
    assert.deepEqual([f?.assertionWords, f?.provisionWords], ['request of the Attorney General', 'request of the Secretary of State']);
  });
  test('the same office named is no conflict', () => {
    assert.equal(nameSlotConflict('At the request of the Secretary of State, the Secretary of Health and Human Services may receive an eligible person at a port of entry.', sentence), null);
  });
});

describe('what is not another name in the same place', () => {
  test('a name the sentence also says', () => {
    assert.equal(nameSlotConflict('The Director is appointed by the Mayor with the consent of the Council.', 'Be appointed by the Mayor with the advice and consent of the Council.'), null);
  });
  test('the next word of a longer name ("Coast Guard Academy" against "Coast Guard Reserve") is another thing, not another holder', () => {
    assert.equal(nameSlotConflict('The report covers diversity at the Coast Guard Academy.', 'The Director of the Coast Guard Reserve shall submit an annual report on the Coast Guard Reserve.'), null);
  });
  test('a possessive names its word ("Company\'s" is the Company)', () => {
    assert.equal(nameSlotConflict("The Washington Gas Light Company's laboratory must be kept open.", 'A laboratory shall be provided by the Washington Gas Light Company.'), null);
  });
  test('an anchor of function words alone anchors nothing ("of the")', () => {
    assert.equal(nameSlotConflict('The fund is kept by the Treasurer of the District.', 'The fund is under the control of the Mayor.'), null);
  });
  test('places are never the name in question', () => {
    assert.equal(nameSlotConflict('A business must register in Virginia.', 'A business shall register in Colorado.'), null);
  });
});

describe('another name doing the same thing contradicts (14 U.S.C. § 3702(a))', () => {
  // Release point 119-36, subsection (a) and the sentence of (b) that names the Secretary.
  const USC_14_3702: Provision = {
    id: '14 U.S.C. § 3702',
    text: `(a) The President shall prescribe the authorized strength of the Coast Guard Reserve if not otherwise prescribed by law.
(b) Subject to the authorized strength of the Coast Guard Reserve, the Secretary shall determine, at least annually, the authorized strength in numbers in each grade necessary to provide for mobilization requirements.`,
  };
  test('"the Secretary of Defense prescribes the authorized strength" against "The President shall prescribe the authorized strength"', () => {
    const d = decideVerdict('When the law does not otherwise prescribe it, the Secretary of Defense prescribes the authorized strength of the Coast Guard Reserve.', [USC_14_3702]);
    assert.equal(d.verdict, 'CONTRADICTED');
    assert.equal(d.explanation, 'The assertion says "Secretary of Defense" but 14 U.S.C. § 3702 says "President".');
  });
  test('the same name doing it is SUPPORTED', () => {
    assert.equal(decideVerdict('When the law does not otherwise prescribe it, the President prescribes the authorized strength of the Coast Guard Reserve.', [USC_14_3702]).verdict, 'SUPPORTED');
  });
  test('a name that is not the subject of its clause is no actor ("obligations of Agreement may survive", ContractNLI)', () => {
    assert.equal(actorSlotConflict('Some obligations of Agreement may survive termination of Agreement.', 'Either party may terminate this MNDA, provided that confidentiality obligations under Section A of this Attachment A shall survive termination.'), null);
    assert.equal(actorSlotConflict('Agreement shall not grant Receiving Party any right to Confidential Information.', 'Nothing herein grants the Recipient any right to Confidential Information.'), null);
  });
  test('a name the sentence also says is no other actor', () => {
    assert.equal(actorSlotConflict('The Secretary of Defense prescribes the authorized strength.', 'The Secretary shall prescribe the authorized strength.'), null);
  });
});

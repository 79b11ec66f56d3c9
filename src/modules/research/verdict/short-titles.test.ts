import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fullTitles, writeTitlesInFull } from './short-titles.js';
import { decideVerdict } from './decide-verdict.js';

// 51 U.S.C. § 50922(a) and (c)(1), release point 119-36, cut.
const SECTION_50922 =
  '(a) In General.— The Secretary of Transportation, within 9 months after the date of the enactment of this section, shall issue regulations to carry out this chapter that include guidelines for industry and State governments to obtain sufficient insurance coverage for potential damages to third parties.\n' +
  '(c) Amendments.— (1) Not later than 12 months after the date of enactment of the Commercial Space Launch Amendments Act of 2004, the Secretary shall publish proposed regulations to carry out that Act, including regulations relating to crew, space flight participants, and permits for launch or reentry of reusable suborbital rockets.';

describe('fullTitles: the full form a short title stands for', () => {
  test('a title named in full where a subsection opens', () => {
    assert.deepEqual([...fullTitles(SECTION_50922)], [['Secretary', 'Secretary of Transportation']]);
  });
  test('none when the provision gives the title two full forms, or names it in full only as someone consulted', () => {
    // 10 U.S.C.-style wording: which Secretary "the Secretary" is, the text does not say.
    assert.equal(fullTitles('(a) The Secretary of Defense shall consult the Secretary of State. (b) The Secretary shall report.').size, 0);
    assert.equal(fullTitles('The Administrator, in consultation with the Secretary of Energy, shall issue rules.').size, 0);
  });
  test('places and the law itself are not offices', () => {
    assert.equal(fullTitles('The District of Columbia shall pay. The Act of Congress applies.').size, 0);
  });
});

describe('writeTitlesInFull', () => {
  const titles = new Map([['Secretary', 'Secretary of Transportation']]);
  test('"the Secretary" is written as the Secretary the provision named', () => {
    assert.equal(writeTitlesInFull('the Secretary shall publish proposed regulations', titles), 'the Secretary of Transportation shall publish proposed regulations');
  });
  test('a sentence that names a title in full itself is left as it is', () => {
    const sentence = 'The Secretary shall consult the Secretary of Defense.';
    assert.equal(writeTitlesInFull(sentence, titles), sentence);
  });
});

describe('a check against the short title', () => {
  test('"the Secretary" of a section that opened with the Secretary of Transportation is not the Secretary of Defense', () => {
    const decision = decideVerdict('The Secretary of Defense must publish proposed regulations to carry out the Commercial Space Launch Amendments Act of 2004.', [{ id: '51 U.S.C. § 50922', text: SECTION_50922 }]);
    assert.equal(decision.verdict, 'CONTRADICTED', decision.explanation);
    assert.equal(decision.explanation, 'The assertion says "Secretary of Defense" but 51 U.S.C. § 50922 says "the Secretary", which it names in full as the "Secretary of Transportation".');
  });
  test('and the Secretary of Transportation is', () => {
    const decision = decideVerdict('The Secretary of Transportation must publish proposed regulations to carry out the Commercial Space Launch Amendments Act of 2004.', [{ id: '51 U.S.C. § 50922', text: SECTION_50922 }]);
    assert.equal(decision.verdict, 'SUPPORTED', decision.explanation);
  });
});

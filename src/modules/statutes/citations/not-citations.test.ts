import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { findCitations, parseCitation } from './citations.js';

// Strings that are not one statute citation; a false citation in an answer is worse than a missed one.
const NOT_CITATIONS: string[] = [
  '',
  '   ',
  '$1,983',
  '42 U.S.C.',
  '42 U.S.C. §',
  '42 USC',
  '§ ',
  '§',
  '§§',
  'U.S.C. § 1983',
  'USC 1983',
  '§ 1983',
  'Section 1983',
  'section 2-1402.11',
  '1983',
  '2-1402.11',
  'D.C. Code',
  'D.C. Code §',
  'D.C. Code § ',
  'D.C. Code § 2',
  'D.C. Code § 1983',
  'D.C. Code § 60g-2',
  'D.C. Code § 99-101',
  'D.C. Law 6-10',
  'D.C. Law 23-326',
  'D.C. Act 23-326',
  '§ 2 of D.C. Law 6-10',
  'Pub. L. 111-148',
  'Pub. L. No. 111-148',
  'P.L. 111-148',
  '42 Stat. 1983',
  '124 Stat. 119',
  '67 DCR 7045',
  '10-18-2021',
  'D.C. Code 10-18-2021',
  '202-555-0143',
  '(202) 555-0143',
  'Section 5 of the Agreement',
  'Section 5.2 of this Lease',
  'Title 42',
  'Title 42 of the United States Code',
  'title 42 U.S.C.',
  '1983 U.S.C. § 42',
  '99 U.S.C. § 1',
  'the plaintiff sued the city',
  'Under the statute, can I sue a city?',
  '42 U.S.C. §§ 1983 and 1985',
  '42 U.S.C. § 1983 et seq.',
  '42 U.S.C. § 1983 and more words',
  'see 42 U.S.C. § 1983',
  'Cal. Civ. Code',
  'Cal. Civ. Code § ',
  'Cal. Civ. Code § 15423000',
  'Tex. Prop. Code § 92',
  'Texas Property Code section 5',
  'Va. Code § 1983',
  'Va. Code Ann. § 18',
  'C.R.S. 1963',
  'C.R.S. 2-4',
  'CRS 1973',
  'Colo. Rev. Stat. § 6-1',
  'N.Y. Gen. Oblig. Law',
  'Fla. Stat. § 83',
  '735 ILCS',
  '40 C.F.R. Part 117',
  '33 C.F.R. § 330.1',
  '29 C.F.R. 1910.1200',
  '5 U.S.C. § 552 (2018) extra',
  'Cal. Calendar 1542',
  'localcode 1542',
  'D.C. Code § 2-1402.11-',
  'D.C. Code § 2-1402.11abc',
  '42 U.S.C. § 1983a-b',
];

describe('parseCitation refuses what is not exactly one citation', () => {
  for (const input of NOT_CITATIONS) {
    test(JSON.stringify(input), () => {
      assert.equal(parseCitation(input), null);
    });
  }
});

// Free text with no citation in it at all, scanned with and without a default code.
const NO_CITATION_TEXT: string[] = [
  'The rent is $1,983 per month, due on 10-18-2021.',
  'Call (202) 555-0143 or 202-555-0143 before 5 p.m.',
  'Section 5 of the Agreement governs termination; see Section 12.3 below.',
  'This amendment was enacted by D.C. Law 6-10 and D.C. Act 23-326 (67 DCR 7045).',
  'The Affordable Care Act, Pub. L. 111-148, 124 Stat. 119, changed Title 42.',
  'See 42 Stat. 1983 and the rules at 40 C.F.R. Part 117.',
  'The tenant paid 1,983 dollars on 2021-10-18 at 10:30.',
];

describe('findCitations finds nothing in citation-free text', () => {
  for (const text of NO_CITATION_TEXT) {
    test(JSON.stringify(text), () => {
      assert.deepEqual(findCitations(text), []);
    });
  }
});

describe('bare references need a defaultCode and the code shape', () => {
  const dc = { jurisdiction: 'DC', codeName: 'D.C. Code' };
  const va = { jurisdiction: 'VA', codeName: 'Va. Code Ann.' };
  const us = { jurisdiction: 'US', codeName: 'U.S.C.', title: '44' };
  const cases: Array<[string, { jurisdiction: string; codeName: string; title?: string }]> = [
    ['pursuant to § 2 of D.C. Law 6-10', dc],
    ['§ 9(c) of D.C. Law 21-123', dc],
    ['§ 5-101 of the Uniform Act', dc],
    ['Section 5 of the Agreement', dc],
    ['§§ 7102(a), 7133, 59 DCR 8025', dc],
    ['§ 401 of the federal Clean Water Act', va],
    ['§ 7c of the federal Natural Gas Act', va],
    ['§ 101 (14) of the Comprehensive Environmental Response, Compensation, and Liability Act of 1980', va],
    ['§ 9006 (d) of United States Public Law 98-616', va],
    ['This section is similar to former § 18.2-46 as it existed', va],
    ['see section 1301(b) of Pub. L. 113-235', us],
    ['section 230(b)(1) of title II of Pub. L. 107-296', us],
    ['section 5(g)(2)(D) shall be withheld', us],
    ['section 101 of title 1 of Pub. L. 99-500', us],
    ['Sections 103, 104 of Pub. L. 98-497 provided that', us],
    ['section 552 of this title', { jurisdiction: 'US', codeName: 'U.S.C.' }],
    ['the number 2-1402.11 alone', dc],
    ['subsection 2-1402.11', dc],
  ];
  for (const [text, defaultCode] of cases) {
    test(`${defaultCode.jurisdiction}: ${JSON.stringify(text)}`, () => {
      assert.deepEqual(findCitations(text, { defaultCode }), []);
    });
  }
  test('without a default code "§ 2-1933" is not a citation', () => {
    assert.deepEqual(findCitations('covered under § 2-1933, the landlord'), []);
  });
  test('a named head of another code does not lend its sign to the default code', () => {
    assert.deepEqual(findCitations('Tex. Prop. Code § 12-34', { defaultCode: dc }), []);
  });
  test('an unknown default code is an error, not silence', () => {
    assert.throws(() => findCitations('§ 1', { defaultCode: { jurisdiction: 'ZZ', codeName: 'Zz. Code' } }), RangeError);
  });
});

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { findCitations, type FoundCitation } from './citations.js';

const DC = { jurisdiction: 'DC', codeName: 'D.C. Code' };
const VA = { jurisdiction: 'VA', codeName: 'Va. Code Ann.' };
const CO = { jurisdiction: 'CO', codeName: 'Colo. Rev. Stat.' };
const US42 = { jurisdiction: 'US', codeName: 'U.S.C.', title: '42' };

/** canonical plus pinpoint, the way the cases below write expectations. */
function brief(found: FoundCitation[]): string[] {
  return found.map((f) => (f.pinpoint ? `${f.canonical} ${f.pinpoint}` : f.canonical));
}

function assertOffsets(text: string, found: FoundCitation[]): void {
  let previousEnd = 0;
  for (const f of found) {
    assert.equal(text.slice(f.start, f.end), f.raw, 'raw is the slice at the offsets');
    assert.ok(f.start >= previousEnd, 'in order and not overlapping');
    previousEnd = f.end;
  }
}

type Case = readonly [text: string, expected: string[]];

const QUESTIONS: Case[] = [
  ['Under 42 USC 1983, can I sue a city?', ['42 U.S.C. § 1983']],
  ['what does DC Code 42-3505.01(a-1)(1) require', ['D.C. Code § 42-3505.01 (a-1)(1)']],
  ['Is a release under Cal Civ Code 1542 enforceable?', ['Cal. Civ. Code § 1542']],
  ['Does N.Y. Gen. Oblig. Law § 5-1401 let us pick New York law?', ['N.Y. Gen. Oblig. Law § 5-1401']],
  ['How long to return a deposit (Tex. Prop. Code § 92.0081)?', ['Tex. Prop. Code Ann. § 92.0081']],
  ['Compare 42 U.S.C. § 1983 with D.C. Code § 2-1402.11.', ['42 U.S.C. § 1983', 'D.C. Code § 2-1402.11']],
  ['Does Va. Code § 18.2-46.2 apply to juveniles?', ['Va. Code Ann. § 18.2-46.2']],
  ['Is C.R.S. 6-1-105(1)(e) a deceptive trade practice?', ['Colo. Rev. Stat. § 6-1-105 (1)(e)']],
  ['what about 5 usc 552(b)(6)?', ['5 U.S.C. § 552 (b)(6)']],
  ['"D.C. Official Code § 2-1402.11" vs "D.C. Code Ann. § 2-1401.02"', ['D.C. Code § 2-1402.11', 'D.C. Code § 2-1401.02']],
  ['Title 42, United States Code, Section 1983 is the basis.', ['42 U.S.C. § 1983']],
  ['(See 15 U.S.C. § 717f(c).)', ['15 U.S.C. § 717f (c)']],
  ['CPLR 3211(a)(7) and NY CPLR 3212', ['N.Y. C.P.L.R. 3211 (a)(7)', 'N.Y. C.P.L.R. 3212']],
  ['Under 735 ILCS 5/13-202 the period is two years', ['735 Ill. Comp. Stat. 5/13-202']],
  ['Fla. Stat. § 83.49(3)(a) requires notice', ['Fla. Stat. § 83.49 (3)(a)']],
  ['Section 1983 claims need a state actor', []],
  ['My landlord kept $1,983 of my deposit', []],
];

const LISTS_AND_RANGES: Case[] = [
  ['42 U.S.C. §§ 1981, 1983, and 1985', ['42 U.S.C. § 1981', '42 U.S.C. § 1983', '42 U.S.C. § 1985']],
  ['42 U.S.C. §§ 1981–1983', ['42 U.S.C. § 1981', '42 U.S.C. § 1983']],
  ['42 U.S.C. §§ 1981-1983', ['42 U.S.C. § 1981', '42 U.S.C. § 1983']],
  ['40 U.S.C. §§ 276a—276a-5', ['40 U.S.C. § 276a', '40 U.S.C. § 276a-5']],
  ['7 U.S.C. §§ 301 to 305, 307, and 308', ['7 U.S.C. § 301', '7 U.S.C. § 305', '7 U.S.C. § 307', '7 U.S.C. § 308']],
  ['20 U.S.C. §§ 6333(a)(2), 6334(a)(4), and 6335(d)', ['20 U.S.C. § 6333 (a)(2)', '20 U.S.C. § 6334 (a)(4)', '20 U.S.C. § 6335 (d)']],
  // A single sign does not carry plain integers: "and 1985" might be anything.
  ['42 U.S.C. § 1983 and 1985', ['42 U.S.C. § 1983']],
  ['42 U.S.C. § 1983 and 5 other claims', ['42 U.S.C. § 1983']],
  // ...but a list stops where the next citation begins.
  ['42 U.S.C. §§ 1983, 28 U.S.C. § 1331', ['42 U.S.C. § 1983', '28 U.S.C. § 1331']],
  ['D.C. Code §§ 42-3505.01 and 42-3505.02', ['D.C. Code § 42-3505.01', 'D.C. Code § 42-3505.02']],
  ['D.C. Code § 2-1402.11 or 2-1402.12', ['D.C. Code § 2-1402.11', 'D.C. Code § 2-1402.12']],
  ['Va. Code §§ 53.1-40.01 or 53.1-40.02', ['Va. Code Ann. § 53.1-40.01', 'Va. Code Ann. § 53.1-40.02']],
  ['12 U.S.C. § 1730a(m) [repealed] or comparable', ['12 U.S.C. § 1730a (m)']],
];

const IN_CODE_TEXT: Array<readonly [string, FoundOptions, string[]]> = [
  ['covered under § 2-1933, the landlord must', DC, ['D.C. Code § 2-1933']],
  ['the requirements of §§ 42-3505.01 and 42-3505.02 apply', DC, ['D.C. Code § 42-3505.01', 'D.C. Code § 42-3505.02']],
  ['as provided in section 42-3509.04(b), the increase', DC, ['D.C. Code § 42-3509.04 (b)']],
  [
    'sections 2-1401.01 through 2-1401.04 shall apply',
    DC,
    ['D.C. Code § 2-1401.01', 'D.C. Code § 2-1401.04'],
  ],
  ['Notwithstanding §§ 42-1205 [repealed] and 42-1212, there is', DC, ['D.C. Code § 42-1205', 'D.C. Code § 42-1212']],
  ['pursuant to § 28:9-512, 28:9-514, or 28:9-518, is', DC, ['D.C. Code § 28:9-512', 'D.C. Code § 28:9-514', 'D.C. Code § 28:9-518']],
  ['under § 31–3302.06a of this', DC, ['D.C. Code § 31-3302.06a']],
  ['pursuant to § 22-2405 of the District of Columbia Code, that', DC, ['D.C. Code § 22-2405']],
  ['Chapter 6 (§ 53.1-186 et seq.) of Title 53.1', VA, ['Va. Code Ann. § 53.1-186']],
  ['conditional release pursuant to § 53.1-40.01 or 53.1-40.02.', VA, ['Va. Code Ann. § 53.1-40.01', 'Va. Code Ann. § 53.1-40.02']],
  ['§§ 53.1-40.01 or 53.1-40.02', VA, ['Va. Code Ann. § 53.1-40.01', 'Va. Code Ann. § 53.1-40.02']],
  ['required by § 62.1-44.34:18 or for failing', VA, ['Va. Code Ann. § 62.1-44.34:18']],
  ['§ 401 of the federal Clean Water Act (33 U.S.C. § 1341)', VA, ['33 U.S.C. § 1341']],
  ['as defined in section 24-4-103 (3)(a), C.R.S., and', CO, ['Colo. Rev. Stat. § 24-4-103 (3)(a)']],
  ['in accordance with section 2-4-101.', CO, ['Colo. Rev. Stat. § 2-4-101']],
  ['sections 6-2-103 to 6-2-108 or section 6-2-110 commits', CO, ['Colo. Rev. Stat. § 6-2-103', 'Colo. Rev. Stat. § 6-2-108', 'Colo. Rev. Stat. § 6-2-110']],
  ['This section is similar to former § 6-4-104, as it existed', CO, []],
  ['violates section 38-40-105, C.R.S.', {}, ['Colo. Rev. Stat. § 38-40-105']],
  ['section 1983 of title 42', US42, ['42 U.S.C. § 1983']],
  ['section 552(b) of this title', { jurisdiction: 'US', codeName: 'U.S.C.', title: '5' }, ['5 U.S.C. § 552 (b)']],
  ['sections 8, 16, 301, and 401 of title 13 and section 2108 of this title', { jurisdiction: 'US', codeName: 'U.S.C.', title: '44' }, ['13 U.S.C. § 8', '13 U.S.C. § 16', '13 U.S.C. § 301', '13 U.S.C. § 401', '44 U.S.C. § 2108']],
  ['section 552 of title 5, United States Code', {}, ['5 U.S.C. § 552']],
  ['(§ 1437f of Title 42, United States Code)', DC, ['42 U.S.C. § 1437f']],
  ['section 552 of title 5', {}, []],
  ['section 1505 shall be published', US42, []],
];

type FoundOptions = { jurisdiction?: string; codeName?: string; title?: string };

function run(text: string, options: FoundOptions): FoundCitation[] {
  return options.jurisdiction && options.codeName
    ? findCitations(text, { defaultCode: { jurisdiction: options.jurisdiction, codeName: options.codeName, ...(options.title ? { title: options.title } : {}) } })
    : findCitations(text);
}

describe('findCitations: questions a lawyer types', () => {
  for (const [text, expected] of QUESTIONS) {
    test(JSON.stringify(text), () => {
      const found = findCitations(text);
      assert.deepEqual(brief(found), expected);
      assertOffsets(text, found);
    });
  }
});

describe('findCitations: lists and ranges', () => {
  for (const [text, expected] of LISTS_AND_RANGES) {
    test(JSON.stringify(text), () => {
      const found = findCitations(text);
      assert.deepEqual(brief(found), expected);
      assertOffsets(text, found);
    });
  }
});

describe('findCitations: bare references in a code\'s own text', () => {
  for (const [text, options, expected] of IN_CODE_TEXT) {
    test(`${options.jurisdiction ?? 'none'}: ${JSON.stringify(text)}`, () => {
      const found = run(text, options);
      assert.deepEqual(brief(found), expected);
      assertOffsets(text, found);
    });
  }
});

describe('findCitations: offsets and raw', () => {
  test('raw spans the whole written citation, pinpoint included', () => {
    const text = 'Under 42 USC 1983(a), can I sue?';
    const [f] = findCitations(text);
    assert.ok(f);
    assert.equal(f.raw, '42 USC 1983(a)');
    assert.equal(f.start, 6);
    assert.equal(f.end, 20);
  });
  test('the first item of a list spans from the code name, the others are the bare numbers', () => {
    const text = 'D.C. Code §§ 42-3505.01 and 42-3505.02.';
    assert.deepEqual(
      findCitations(text).map((f) => f.raw),
      ['D.C. Code §§ 42-3505.01', '42-3505.02'],
    );
  });
  test('a trailing code name belongs to the last item', () => {
    const text = 'see sections 38-40-105 and 38-40-106, C.R.S.; and';
    assert.deepEqual(
      findCitations(text).map((f) => f.raw),
      ['sections 38-40-105', '38-40-106, C.R.S.'],
    );
  });
  test('offsets count UTF-16 units of the original text, en dashes and non-breaking spaces included', () => {
    const text = 'é § — D.C.\u00a0Code\u00a0§\u00a031–3302.06a(b) …';
    const [f] = findCitations(text);
    assert.ok(f);
    assert.equal(f.raw, 'D.C.\u00a0Code\u00a0§\u00a031–3302.06a(b)');
    assert.equal(text.slice(f.start, f.end), f.raw);
    assert.equal(f.section, '31-3302.06a');
  });
  test('a text can start and end with a citation', () => {
    const text = '42 U.S.C. § 1983';
    assert.deepEqual(findCitations(text).map((f) => [f.start, f.end]), [[0, text.length]]);
  });
  test('repeated calls are independent (the shared regex is reset)', () => {
    const a = findCitations('x 42 USC 1983 y 5 USC 552');
    const b = findCitations('x 42 USC 1983 y 5 USC 552');
    assert.deepEqual(a, b);
    assert.equal(a.length, 2);
  });
});

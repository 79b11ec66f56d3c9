import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { canonicalCitation, parseCitation } from './citations.js';
import { CODE_FAMILIES } from './code-table.js';
import { buildRegistry } from './code-registry.js';

describe('canonicalCitation', () => {
  const cases: Array<[string, string, string, string | null, string]> = [
    ['US', 'U.S.C.', '1983', '42', '42 U.S.C. § 1983'],
    ['US', 'USC', '552A', '5', '5 U.S.C. § 552a'],
    ['us', 'U.S.C.A.', '1320a–7b', '042', '42 U.S.C. § 1320a-7b'],
    ['DC', 'D.C. Code', '2-1402.11', null, 'D.C. Code § 2-1402.11'],
    ['DC', 'D.C. Official Code', '31–3302.06a', null, 'D.C. Code § 31-3302.06a'],
    ['DC', 'D.C. Code', '§ 2-1402.11', null, 'D.C. Code § 2-1402.11'],
    ['DC', 'D.C. Code', '28:2a-101', null, 'D.C. Code § 28:2A-101'],
    ['VA', 'Va. Code Ann.', '18.2-46.2', null, 'Va. Code Ann. § 18.2-46.2'],
    ['VA', 'Va. Code', '62.1-44.15:20', null, 'Va. Code Ann. § 62.1-44.15:20'],
    ['CO', 'Colo. Rev. Stat.', '2-4-101', null, 'Colo. Rev. Stat. § 2-4-101'],
    ['CO', 'C.R.S.', '24-4-103.5', null, 'Colo. Rev. Stat. § 24-4-103.5'],
    ['CA', 'Cal. Civ. Code', '1542', null, 'Cal. Civ. Code § 1542'],
    ['NY', 'N.Y. Gen. Oblig. Law', '5-1401', null, 'N.Y. Gen. Oblig. Law § 5-1401'],
    ['NY', 'N.Y. C.P.L.R.', '3211', null, 'N.Y. C.P.L.R. 3211'],
    ['TX', 'Tex. Prop. Code Ann.', '92.0081', null, 'Tex. Prop. Code Ann. § 92.0081'],
    ['TX', 'Tex. Prop. Code', '92.0081', null, 'Tex. Prop. Code Ann. § 92.0081'],
    ['FL', 'Fla. Stat.', '83.49', null, 'Fla. Stat. § 83.49'],
    ['IL', 'ILCS', '5/13-202', '735', '735 Ill. Comp. Stat. 5/13-202'],
    // Unknown codes are printed as given rather than refused: the importers may know codes this table does not.
    ['OR', 'Or. Rev. Stat.', '90.300', null, 'Or. Rev. Stat. § 90.300'],
  ];
  for (const [jurisdiction, codeName, section, title, expected] of cases) {
    test(`${jurisdiction} ${codeName} ${section}`, () => {
      assert.equal(canonicalCitation(jurisdiction, codeName, section, title), expected);
    });
  }
  test('a title-first code without a title is an error', () => {
    assert.throws(() => canonicalCitation('US', 'U.S.C.', '1983'), RangeError);
    assert.throws(() => canonicalCitation('US', 'U.S.C.', '1983', ''), RangeError);
  });
  test('a code name of the wrong jurisdiction is not resolved', () => {
    assert.equal(canonicalCitation('CA', 'Tex. Prop. Code', '92.0081'), 'Tex. Prop. Code § 92.0081');
  });
});

describe('the code table', () => {
  const samples: Record<string, [section: string, title: string | null]> = {
    US: ['1983', '42'],
    DC: ['2-1402.11', null],
    VA: ['18.2-46.2', null],
    CO: ['2-4-101', null],
    CA: ['1542', null],
    NY: ['5-1401', null],
    TX: ['92.0081', null],
    FL: ['83.49', null],
    IL: ['5/13-202', '735'],
  };
  for (const family of CODE_FAMILIES) {
    const sample = samples[family.jurisdiction];
    for (const code of family.codes) {
      test(`${code.codeName}: every name and prefix parses to the code, and the canonical round-trips`, () => {
        assert.ok(sample, `no sample section for ${family.jurisdiction}`);
        const [section, title] = sample;
        const canonical = canonicalCitation(family.jurisdiction, code.codeName, section, title);
        assert.equal(parseCitation(canonical)?.canonical, canonical);
        const spellings = [
          ...code.names.flatMap((name) => family.prefixes.map((prefix) => `${prefix} ${name}`.trim())),
          ...(code.standaloneNames ?? []),
        ];
        for (const spelling of spellings) {
          const head = title ? `${title} ${spelling}` : spelling;
          for (const written of [`${head} § ${section}`, `${head} ${section}`, `${head.toUpperCase()} sec. ${section}`]) {
            assert.equal(parseCitation(written)?.canonical, canonical, written);
          }
        }
      });
    }
  }
  test('the table covers the required jurisdictions and codes', () => {
    const names = new Set(CODE_FAMILIES.flatMap((f) => f.codes.map((c) => c.codeName)));
    for (const required of [
      'U.S.C.', 'D.C. Code', 'Va. Code Ann.', 'Colo. Rev. Stat.',
      'Cal. Civ. Code', 'Cal. Civ. Proc. Code', 'Cal. Penal Code', 'Cal. Bus. & Prof. Code', 'Cal. Lab. Code',
      "Cal. Gov't Code", 'Cal. Fam. Code', 'Cal. Prob. Code', 'Cal. Corp. Code', 'Cal. Evid. Code',
      'Cal. Health & Safety Code', 'Cal. Veh. Code', 'Cal. Ins. Code', 'Cal. Com. Code', 'Cal. Rev. & Tax. Code',
      'N.Y. Gen. Oblig. Law', 'N.Y. Penal Law', 'N.Y. C.P.L.R.', 'N.Y. Lab. Law', 'N.Y. Real Prop. Law',
      'N.Y. Bus. Corp. Law', 'N.Y. Dom. Rel. Law', 'N.Y. Exec. Law', 'N.Y. Gen. Bus. Law', 'N.Y. Veh. & Traf. Law',
      'N.Y. Est. Powers & Trusts Law',
      'Tex. Prop. Code Ann.', 'Tex. Bus. & Com. Code Ann.', 'Tex. Civ. Prac. & Rem. Code Ann.', 'Tex. Fam. Code Ann.',
      'Tex. Penal Code Ann.', "Tex. Gov't Code Ann.", 'Tex. Health & Safety Code Ann.', 'Tex. Lab. Code Ann.',
      'Tex. Ins. Code Ann.', 'Tex. Occ. Code Ann.', 'Tex. Tax Code Ann.', 'Tex. Transp. Code Ann.',
      'Tex. Educ. Code Ann.', 'Tex. Est. Code Ann.', 'Fla. Stat.', 'Ill. Comp. Stat.',
    ]) {
      assert.ok(names.has(required), required);
    }
  });
  test('a name given to two codes is refused when the registry is built', () => {
    assert.throws(
      () =>
        buildRegistry([
          {
            jurisdiction: 'XX',
            prefixes: [''],
            sectionPattern: String.raw`\d+`,
            letterCase: 'lower',
            codes: [
              { codeName: 'X. Code', names: ['X Code'] },
              { codeName: 'X. Other', names: ['X. Code'] },
            ],
          },
        ]),
      /names both/,
    );
  });
});

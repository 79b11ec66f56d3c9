import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { unallowedCitations } from './cited-sections.js';

const LIMITS = { citation: 'D.C. Code § 12-301', sectionNumber: '12-301' };
const RESIDENCY = { citation: 'D.C. Code § 16-902', sectionNumber: '16-902' };
const USC = { citation: '42 U.S.C. § 1983', sectionNumber: '1983' };

describe('unallowedCitations', () => {
  test('prose citing only allowed sections, with and without a pinpoint', () => {
    assert.deepEqual(unallowedCitations('Under D.C. Code § 12-301(a)(4), an action for slander must be brought within 1 year.', [LIMITS]), []);
    assert.deepEqual(unallowedCitations('Under § 12-301(a)(4), one year.', [LIMITS]), []);
    assert.deepEqual(unallowedCitations('See DC Code 12-301 and D.C. Code § 16-902.', [LIMITS, RESIDENCY]), []);
  });

  test('prose with no citation at all', () => {
    assert.deepEqual(unallowedCitations('An action for slander must be brought within 1 year.', [LIMITS]), []);
  });

  test('a named citation to another section', () => {
    assert.deepEqual(unallowedCitations('See D.C. Code § 16-902 and D.C. Code § 12-301.', [LIMITS]), ['D.C. Code § 16-902']);
  });

  test('a bare section sign to another section of the same code', () => {
    assert.deepEqual(unallowedCitations('Under § 12-301(a)(4), one year; see also § 12-302.', [LIMITS]), ['§ 12-302']);
  });

  test('"section N" resolves to the code of the sections discussed', () => {
    assert.deepEqual(unallowedCitations('Section 12-303 says more.', [LIMITS]), ['Section 12-303']);
  });

  test('a section of a section that was shown but did not survive counts as unallowed', () => {
    assert.deepEqual(unallowedCitations('Under § 16-902, six months.', [LIMITS], [LIMITS, RESIDENCY]), ['§ 16-902']);
  });

  test('another code altogether', () => {
    assert.deepEqual(unallowedCitations('Under 42 U.S.C. § 1983 you may sue.', [LIMITS]), ['42 U.S.C. § 1983']);
  });

  test('title-first codes: a bare sign is compared by section number', () => {
    assert.deepEqual(unallowedCitations('Under 42 U.S.C. § 1983 and § 1983(a) you may sue.', [USC]), []);
    assert.deepEqual(unallowedCitations('Under § 1983 and § 1985 you may sue.', [USC]), ['§ 1985']);
  });

  test('a trailing full stop is not part of the number', () => {
    assert.deepEqual(unallowedCitations('That is § 12-301.', [LIMITS]), []);
  });
});

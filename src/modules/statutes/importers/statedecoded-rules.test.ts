import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isVaRepealed, renderVaDesignation, vaAmendmentDates, vaCrossReferences } from './statedecoded-rules.js';

test('renderVaDesignation prints prefixes the way the Code of Virginia does', () => {
  assert.equal(renderVaDesignation('A', 1), 'A.');
  assert.equal(renderVaDesignation('A1', 1), 'A1.');
  assert.equal(renderVaDesignation('1', 2), '1.');
  assert.equal(renderVaDesignation('8a', 2), '(8a)');
  assert.equal(renderVaDesignation('a', 1), '(a)');
  assert.equal(renderVaDesignation('a', 2), 'a.');
});

test('vaAmendmentDates: session years become July 1; codifications give none', () => {
  assert.deepEqual(
    vaAmendmentDates('Code 1950, § 18.1-15.3; 1972, c. 484; 1975, cc. 14, 15; 1994, Sp. Sess. II, cc. 1, 2; 2021, Sp. Sess. I, cc. 344, 345.'),
    ['1972-07-01', '1975-07-01', '1994-07-01', '2021-07-01'],
  );
  assert.deepEqual(vaAmendmentDates('Code 1919, § 1; R. P. 1948, § 1-1. '), []);
  assert.deepEqual(vaAmendmentDates('', 'Repealed by Acts 2005, c. 839, cl. 10, effective October 1, 2005.'), ['2005-10-01']);
  assert.deepEqual(vaAmendmentDates('', 'Repealed by Acts 1992, c. 836.'), ['1992-07-01']);
});

test('vaCrossReferences reads § and §§ lists, skips self and non-Virginia numbers', () => {
  assert.deepEqual(
    vaCrossReferences(
      'under Chapter 6 (§ 53.1-186 et seq.) of Title 53.1, or pursuant to § 53.1-40.01 or 53.1-40.02. ' +
        'See §§ 62.1-44.16, 62.1-44.17, and 62.1-44.15:20; § 319 of the federal Clean Water Act; § 18.2-10.',
      '18.2-10',
    ),
    [
      'Va. Code Ann. § 53.1-186',
      'Va. Code Ann. § 53.1-40.01',
      'Va. Code Ann. § 53.1-40.02',
      'Va. Code Ann. § 62.1-44.16',
      'Va. Code Ann. § 62.1-44.17',
      'Va. Code Ann. § 62.1-44.15:20',
    ],
  );
});

test('isVaRepealed: catch line or a body that only records the repeal', () => {
  assert.equal(isVaRepealed('Repealed', 'Repealed by Acts 1992, c. 836.'), true);
  assert.equal(isVaRepealed('Reserved', 'Reserved.'), true);
  assert.equal(isVaRepealed('Effect of repeal of validating statutes', 'The repeal of any statute ...'), false);
  assert.equal(isVaRepealed('Powers', '1. [Repealed.]\n2. To study'), false);
});

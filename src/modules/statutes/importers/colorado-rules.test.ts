import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  coloradoAmendmentDates,
  futureVersionNote,
  itemDesignation,
  listItemDesignation,
  sectionFromCite,
  splitSectionHeading,
  stripEditorsNotes,
} from './colorado-rules.js';

test('splitSectionHeading separates number, catch line and the repeal mark', () => {
  assert.deepEqual(splitSectionHeading(' 21-1-101. Short title. '), { number: '21-1-101', heading: 'Short title', repealed: false });
  assert.deepEqual(splitSectionHeading('2-2-101 to 2-2-108. (Repealed)'), { number: '2-2-101 to 2-2-108', heading: '', repealed: true });
  assert.deepEqual(splitSectionHeading('2-1-102. Neutral criteria. (Repealed)'), { number: '2-1-102', heading: 'Neutral criteria', repealed: true });
  assert.equal(splitSectionHeading('ARTICLE 1'), null);
});

test('Colorado list designations: doubled letters after z, roman numerals', () => {
  assert.equal(itemDesignation('a', 27), 'aa');
  assert.equal(itemDesignation('a', 53), 'aaa');
  assert.equal(itemDesignation('I', 14), 'XIV');
  assert.equal(itemDesignation('A', 2), 'B');
  assert.equal(itemDesignation('', 10), '10');
});

test('listItemDesignation trusts a fitting id, else counts', () => {
  assert.deepEqual(listItemDesignation('t06a01p01s6-1-105ol11gg', 'a', 32, false), { designation: 'gg', ordinal: 33 });
  assert.deepEqual(listItemDesignation('t14a02p01s14-2-105ol11-b.5', 'a', 3, false), { designation: 'b.5', ordinal: 2 });
  assert.deepEqual(listItemDesignation('t14a05p01s14-5-102ol110', '', 10, true), { designation: '10', ordinal: 10 });
  assert.deepEqual(listItemDesignation('t02a02p03s2-2-303ol12aII', 'I', 2, false), { designation: 'II', ordinal: 2 });
  // A garbled id ("I73" in a roman list) falls back to counting.
  assert.deepEqual(listItemDesignation('t02a05s2-5-125ol11pI73', 'I', 4, false), { designation: 'IV', ordinal: 4 });
  assert.deepEqual(listItemDesignation(undefined, 'a', 3, false), { designation: 'c', ordinal: 3 });
});

test('coloradoAmendmentDates reads "effective <Month D>" in each session year', () => {
  assert.deepEqual(
    coloradoAmendmentDates(
      'L. 69: R&RE, p. 255, § 30. C.R.S. 1963: § 39-21-1. L. 79: Entire section R&RE, p. 770, § 1, effective July 1. ' +
        'L. 2019: Entire section amended, (HB 19-1189), ch. 154, p. 1845, § 1, effective August 2. ' +
        'L. 2021: IP(1) amended, (SB 21-190), ch. 483, p. 3465, § 4, effective July 1, 2023.',
    ),
    ['1979-07-01', '2019-08-02', '2023-07-01'],
  );
  assert.deepEqual(coloradoAmendmentDates('R.S. p. 419, § 1. L. 65: p. 683, § 1.'), []);
});

test('editor notes: version notes are told apart, and notes are removed from text', () => {
  assert.equal(futureVersionNote("[Editor's note: This version of this section is effective July 1, 2023.]"), 'whole-section-future');
  assert.equal(futureVersionNote("[Editor's note: This version of subsection (2) is effective July 1, 2023.]"), 'future');
  assert.equal(futureVersionNote("[Editor's note: This version of subsection (2) is effective until July 1, 2023.]"), null);
  assert.equal(futureVersionNote("[Editor's note: This section is effective July 1, 2023.]"), null);
  assert.equal(stripEditorsNotes("(1) [ Editor's note: This version ... until July 1, 2023. ] When the  attorney"), '(1) When the attorney');
});

test('sectionFromCite takes the cited section from the text or the link, without pinpoints', () => {
  assert.equal(sectionFromCite(' 33-1-105 (1)(i) ', 'gov.co.crs.title.33.html#t33a01s33-1-105ol11i'), '33-1-105');
  assert.equal(sectionFromCite('this section', 'gov.co.crs.title.24.html#t24a30p13s24-30-1303.5'), '24-30-1303.5');
  assert.equal(sectionFromCite('Colo. Law. 23', undefined), null);
});

import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseColorado } from './colorado.parser.js';
import type { ParsedSection } from '../statutes.types.js';
import { missingDataReason, sharedDataPath } from '../../../../test/support/shared-data.js';

const fixtures = join(dirname(fileURLToPath(import.meta.url)), '__fixtures__', 'colorado');

async function collect(path: string, warnings: string[] = []): Promise<ParsedSection[]> {
  const out: ParsedSection[] = [];
  for await (const s of parseColorado(path, { onWarning: (m) => warnings.push(m) })) out.push(s);
  return out;
}

function find(sections: ParsedSection[], n: string): ParsedSection {
  const s = sections.find((x) => x.sectionNumber === n);
  assert.ok(s, `section ${n} parsed`);
  return s;
}

describe('parseColorado on fixtures cut from release 80', () => {
  test('title 21: list designations, history, dates, hierarchy; annotations and navigation left out', async () => {
    const sections = await collect(join(fixtures, 'title21-article1.html'));
    assert.deepEqual(sections.map((s) => s.sectionNumber), ['21-1-101', '21-1-102', '21-1-105']);
    const s = find(sections, '21-1-101');
    assert.equal(s.citation, 'Colo. Rev. Stat. § 21-1-101');
    assert.equal(s.jurisdiction, 'CO');
    assert.equal(s.titleNumber, '21');
    assert.equal(s.heading, 'Public defender - policy - commission');
    const paragraphs = s.text.split('\n');
    assert.equal(paragraphs.length, 5);
    assert.equal(
      paragraphs[3],
      '(4) Members of the public defender commission shall serve without compensation but shall be reimbursed for actual and reasonable expenses incurred in the performance of their duties.',
    );
    assert.ok(paragraphs[0]?.startsWith('(1) The office of state public defender is hereby created'));
    assert.ok(!s.text.includes('ANNOTATION') && !s.text.includes('Mullins') && !s.text.includes('Source'));
    assert.equal(
      s.history,
      'L. 69: R&RE, p. 255, § 30. C.R.S. 1963: § 39-21-1. L. 79: Entire section R&RE, p. 770, § 1, effective July 1. L. 99: (1) amended, p. 632, § 52, effective August 4.',
    );
    assert.deepEqual(s.amendmentDates, ['1979-07-01', '1999-08-04']);
    assert.deepEqual(s.hierarchy, [
      { label: 'title', number: '21', heading: 'State Public Defender' },
      { label: 'article', number: '1', heading: 'STATE PUBLIC DEFENDER' },
    ]);
    assert.equal(s.repealed, false);
    assert.deepEqual(s.crossReferences, []);
  });

  test('title 21: a "(Repealed)" heading gives a repealed section with no text', async () => {
    const s = find(await collect(join(fixtures, 'title21-article1.html')), '21-1-105');
    assert.equal(s.repealed, true);
    assert.equal(s.text, '');
    assert.equal(
      s.heading,
      'Appointment of other attorney or investigator in place of public defender - contracts for services',
    );
    assert.deepEqual(s.amendmentDates, ['1995-07-01', '1996-05-23']);
  });

  test('title 2: nested (2)(a)(I) lists, a repealed range, occo cites as cross-references', async () => {
    const sections = await collect(join(fixtures, 'title02-lists.html'));
    assert.deepEqual(sections.map((s) => s.sectionNumber), ['2-2-101 to 2-2-108', '2-2-303', '2-2-303.5', '2-2-506']);
    const range = find(sections, '2-2-101 to 2-2-108');
    assert.equal(range.repealed, true);
    assert.equal(range.heading, '');
    assert.deepEqual(range.amendmentDates, ['2017-08-09']);
    const lines = find(sections, '2-2-303').text.split('\n').map((l) => l.slice(0, 41));
    assert.deepEqual(lines, [
      '(1) When the houses are temporarily organ',
      '(2)(a) In the event that the election of ',
      '(I) An accurate and verifiable vote count',
      '(II) The inability to obtain an accurate ',
      '(b) Any person that a credentials committ',
      '(3) A committee on credentials that makes',
      '(a) That the election contest be resolved',
      '(b) That such house call a special legisl',
      '(c) That the election contest be referred',
    ]);
    const cited = find(sections, '2-2-506');
    assert.deepEqual(cited.crossReferences, ['Colo. Rev. Stat. § 1-5-101', 'Colo. Rev. Stat. § 1-5-102']);
    assert.ok(cited.text.startsWith('(1)(a) Pursuant to the provisions of sections 1-5-101 and 1-5-102, the clerk'));
    assert.deepEqual(cited.amendmentDates, ['1981-06-19', '1990-06-09', '1992-04-10', '1994-05-31', '2020-07-11']);
  });

  test('title 6: of a section printed in two versions, the one in force is kept with the history', async () => {
    const warnings: string[] = [];
    const sections = await collect(join(fixtures, 'title06-versions.html'), warnings);
    assert.deepEqual(sections.map((s) => s.sectionNumber), ['6-1-104', '6-1-107']);
    assert.equal(warnings.length, 1);
    const s = find(sections, '6-1-104');
    assert.ok(s.text.startsWith('The district attorneys may cooperate'));
    assert.ok(s.text.includes('part 7 of this article and transmitting'));
    assert.ok(!s.text.includes("Editor's note"));
    assert.deepEqual(s.amendmentDates, ['1977-07-01', '1986-04-17', '1999-05-18', '2023-07-01']);
    assert.deepEqual(s.hierarchy.map((h) => [h.label, h.number]), [['division', null], ['article', '1'], ['part', '1']]);
    const v = find(sections, '6-1-107');
    const paragraphs = v.text.split('\n');
    // Subsection (1)'s introduction appears once: the July 1, 2023 version is left out.
    assert.equal(paragraphs.filter((p) => p.startsWith('(1)')).length, 1);
    assert.ok(paragraphs[0]?.includes('part 7 of this article, the attorney general'));
    assert.deepEqual(paragraphs.map((p) => p.slice(0, 3)), ['(1)', '(a)', '(b)', '(c)', '(d)', '(e)', '(2)']);
  });

  test('title 14: an inserted (b.5) item keeps its designation and does not shift the next ones', async () => {
    const s = find(await collect(join(fixtures, 'title14-decimal.html')), '14-2-105');
    assert.deepEqual(s.text.split('\n').map((p) => p.split(' ')[0]), ['(1)', '(a)', '(b)', '(b.5)', '(c)', '(d)', '(2)']);
    assert.deepEqual(s.amendmentDates, ['1993-07-01', '1994-07-01', '2016-06-08', '2019-08-02']);
  });
});

describe('parseColorado on the full releases', () => {
  // README counts <h3> headings; release 80 prints 6-1-104 twice (in force / effective July 1, 2023).
  const expected: Record<string, Record<string, number>> = {
    r71: { '2': 260, '6': 372, '14': 334, '21': 14 },
    r80: { '2': 285, '6': 394, '14': 336, '21': 16 },
  };
  for (const release of ['r71', 'r80']) {
    const path = sharedDataPath('statutes', 'co', release);
    test(`${release}: sections per title match README's heading counts`, { skip: path ? false : missingDataReason('statutes', 'co', release) }, async () => {
      const warnings: string[] = [];
      const sections = await collect(path ?? '', warnings);
      const counts: Record<string, number> = {};
      for (const s of sections) counts[s.titleNumber] = (counts[s.titleNumber] ?? 0) + 1;
      assert.deepEqual(counts, expected[release]);
      assert.equal(new Set(sections.map((s) => s.citation)).size, sections.length);
      assert.equal(warnings.length, release === 'r80' ? 1 : 0);
      for (const s of sections) {
        assert.ok(s.repealed || s.text.length > 0, `${s.sectionNumber} has text`);
        assert.ok(!/ANNOTATION|Source:/.test(s.text), `${s.sectionNumber} text holds no notes`);
        assert.ok(s.hierarchy[0]?.label === 'title', `${s.sectionNumber} has its title`);
      }
    });
  }
});

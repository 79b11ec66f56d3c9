import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseStateDecoded } from './statedecoded.parser.js';
import type { ParsedSection } from '../statutes.types.js';
import { missingDataReason, sharedDataPath } from '../../../../test/support/shared-data.js';

const fixtures = join(dirname(fileURLToPath(import.meta.url)), '__fixtures__', 'statedecoded');

async function collect(path: string): Promise<ParsedSection[]> {
  const out: ParsedSection[] = [];
  for await (const s of parseStateDecoded(path)) out.push(s);
  return out;
}

describe('parseStateDecoded on fixtures copied from the Virginia sample', () => {
  test('reads a folder, one section per file', async () => {
    const sections = await collect(fixtures);
    assert.deepEqual(sections.map((s) => s.sectionNumber), ['1-10', '18.2-10', '18.2-20', '18.2-22', '18.2-56.1', '62.1-44.42']);
  });

  test('§ 18.2-10: designations, extra paragraphs inside (g), history, references, hierarchy', async () => {
    const [s] = await collect(join(fixtures, '18.2-10.xml'));
    assert.ok(s);
    assert.equal(s.citation, 'Va. Code Ann. § 18.2-10');
    assert.equal(s.codeName, 'Va. Code Ann.');
    assert.equal(s.jurisdiction, 'VA');
    assert.equal(s.titleNumber, '18.2');
    assert.equal(s.heading, 'Punishment for conviction of felony; penalty');
    const paragraphs = s.text.split('\n');
    assert.equal(paragraphs.length, 10);
    assert.equal(paragraphs[0], 'The authorized punishments for conviction of a felony are:');
    assert.equal(
      paragraphs[2],
      '(b) For Class 2 felonies, imprisonment for life or for any term not less than 20 years and, subject to subdivision (g), a fine of not more than $100,000.',
    );
    assert.ok(paragraphs[7]?.startsWith('(g) Except as specifically authorized in subdivision (e) or (f)'));
    assert.ok(paragraphs[8]?.startsWith('For any felony offense committed (i) on or after January 1, 1995'));
    assert.ok(paragraphs[9]?.startsWith('For a felony offense prohibiting proximity to children'));
    assert.deepEqual(s.crossReferences, [
      'Va. Code Ann. § 53.1-186',
      'Va. Code Ann. § 53.1-40.01',
      'Va. Code Ann. § 53.1-40.02',
      'Va. Code Ann. § 19.2-295.2',
      'Va. Code Ann. § 18.2-370.2',
    ]);
    assert.ok(s.history.startsWith('1975, cc. 14, 15; 1977, c. 492;'));
    assert.deepEqual(s.amendmentDates, [
      '1975-07-01', '1977-07-01', '1990-07-01', '1991-07-01', '1994-07-01', '1995-07-01', '2000-07-01',
      '2003-07-01', '2006-07-01', '2008-07-01', '2017-07-01', '2020-07-01', '2021-07-01', '2025-07-01',
    ]);
    assert.deepEqual(s.hierarchy, [
      { label: 'title', number: '18.2', heading: 'Crimes and Offenses Generally' },
      { label: 'chapter', number: '1', heading: 'In General' },
      { label: 'article', number: '3', heading: 'Classification of Criminal Offenses and Punishment Therefor' },
    ]);
    assert.equal(s.repealed, false);
  });

  test('§ 18.2-22: numbered items nested under a lettered subsection', async () => {
    const [s] = await collect(join(fixtures, '18.2-22.xml'));
    assert.deepEqual(s?.text.split('\n').map((p) => p.split(' ')[0]), ['(a)', '1.', '2.', '3.', '(b)', '(c)', '(d)']);
    assert.deepEqual(s?.amendmentDates, ['1972-07-01', '1973-07-01', '1975-07-01', '1983-07-01', '2021-07-01']);
  });

  test('repealed and reserved sections', async () => {
    const [repealed] = await collect(join(fixtures, '1-10.xml'));
    assert.equal(repealed?.repealed, true);
    assert.equal(repealed?.text, 'Repealed by Acts 2005, c. 839, cl. 10, effective October 1, 2005.');
    assert.equal(repealed?.history, '');
    assert.deepEqual(repealed?.amendmentDates, ['2005-10-01']);
    const [reserved] = await collect(join(fixtures, '18.2-20.xml'));
    assert.equal(reserved?.repealed, true);
    assert.equal(reserved?.heading, 'Reserved');
    assert.deepEqual(reserved?.amendmentDates, []);
  });

  test('§ 18.2-56.1: A, A1, B subsections', async () => {
    const [s] = await collect(join(fixtures, '18.2-56.1.xml'));
    assert.deepEqual(s?.text.split('\n').map((p) => p.split(' ')[0]), ['A.', 'A1.', 'B.', 'C.', 'D.']);
  });
});

describe('parseStateDecoded on the full sample', () => {
  const path = sharedDataPath('statutes', 'va');
  test('570 sections, per-title counts as in README', { skip: path ? false : missingDataReason('statutes', 'va') }, async () => {
    const sections = await collect(path ?? '');
    const counts: Record<string, number> = {};
    for (const s of sections) counts[s.titleNumber] = (counts[s.titleNumber] ?? 0) + 1;
    assert.deepEqual(counts, { '1': 12, '2.2': 47, '3.2': 33, '18.2': 186, '61.1': 33, '62.1': 259 });
    assert.equal(new Set(sections.map((s) => s.citation)).size, 570);
    for (const s of sections) {
      assert.ok(s.text.length > 0, `${s.sectionNumber} has text`);
      assert.ok(!s.text.includes('<'), `${s.sectionNumber} has no markup`);
      assert.ok(s.repealed || s.amendmentDates.length > 0 || !/\b\d{4}, cc?\./.test(s.history), `${s.sectionNumber} dates`);
    }
  });
});

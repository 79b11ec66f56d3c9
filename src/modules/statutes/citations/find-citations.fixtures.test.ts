// Real statute text cut from /work/shared/data/statutes (see __fixtures__), checked against the publishers'
// own cross-reference markup where there is some (D.C. <cite path>, USLM <ref href>) and by hand elsewhere.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { findCitations } from './citations.js';

const fixture = (name: string): string => readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8');
const stripTags = (xml: string): string => xml.replace(/<[^>]+>/g, ' ');

describe('D.C. Code text: every <cite path="§..."> is found, and nothing else', () => {
  for (const name of ['dc-42-3505.01-excerpt.xml', 'dc-cite-sentences.xml']) {
    test(name, () => {
      const xml = fixture(name);
      // path="§1-204.90|(a)|(4)|(B)" is section 1-204.90, pinpoint (a)(4)(B).
      const expected = [...xml.matchAll(/<cite path="§([^"|]+)((?:\|[^"|]+)*)"/g)].map(
        (m) => `${m[1]}${(m[2] ?? '').replace(/\|/g, '')}`,
      );
      const text = stripTags(xml);
      const found = findCitations(text, { defaultCode: { jurisdiction: 'DC', codeName: 'D.C. Code' } });
      assert.ok(expected.length >= 3);
      assert.deepEqual(
        found.map((f) => `${f.section}${f.pinpoint ?? ''}`),
        expected,
      );
      for (const f of found) assert.equal(text.slice(f.start, f.end), f.raw);
    });
  }
});

test('U.S. Code text (title 44): every <ref> to a U.S.C. section written "section ..." is found', () => {
  const xml = fixture('us-44-ref-sentences.xml');
  const refs = [
    ...xml.matchAll(/(former\s+)?<ref href="\/us\/usc\/t(\d+)\/s([^/"]+)[^"]*">sections? [^<]*<\/ref>/g),
  ];
  // "former section 3531" is deliberately not a citation of the current code.
  const expected = new Set(refs.filter((m) => !m[1]).map((m) => `${m[2]} U.S.C. § ${m[3]}`));
  const found = findCitations(stripTags(xml), {
    defaultCode: { jurisdiction: 'US', codeName: 'U.S.C.', title: '44' },
  }).map((f) => f.canonical);
  assert.ok(expected.size >= 15);
  for (const e of expected) assert.ok(found.includes(e), `missed ${e}`);
  // The source marks up only one number of "sections 8, 16, 301, and 401 of title 13"; the others are real too.
  assert.deepEqual(
    found.filter((f) => !expected.has(f)),
    ['13 U.S.C. § 8', '13 U.S.C. § 16', '13 U.S.C. § 301', '13 U.S.C. § 401'],
  );
  assert.ok(refs.some((m) => m[1]), 'the fixture holds a "former section" reference');
});

test('Code of Virginia text: Virginia sections, federal ones, and no federal-act section numbers', () => {
  const found = findCitations(fixture('va-section-sentences.txt'), {
    defaultCode: { jurisdiction: 'VA', codeName: 'Va. Code Ann.' },
  });
  assert.deepEqual(
    found.map((f) => f.canonical),
    [
      '33 U.S.C. § 1251',
      '33 U.S.C. § 1342',
      '33 U.S.C. § 1342',
      'Va. Code Ann. § 62.1-44.34:18',
      'Va. Code Ann. § 62.1-44.34:19',
      'Va. Code Ann. § 2.2-4000',
      'Va. Code Ann. § 18.2-248',
      'Va. Code Ann. § 62.1-44.19:20',
      'Va. Code Ann. § 62.1-44.15:29',
      'Va. Code Ann. § 54.1-400',
      'Va. Code Ann. § 62.1-44.19:3',
      'Va. Code Ann. § 19.2-152.8',
      'Va. Code Ann. § 19.2-152.9',
      'Va. Code Ann. § 19.2-152.10',
      'Va. Code Ann. § 19.2-152.10',
      'Va. Code Ann. § 18.2-67.2',
      'Va. Code Ann. § 62.1-44.19:22',
      'Va. Code Ann. § 62.1-44.19:4',
      'Va. Code Ann. § 62.1-44.15:72',
      'Va. Code Ann. § 16.1-228',
    ],
  );
});

test('Colorado Revised Statutes text: "section 6-1-105 (1)(u)", ranges, ", C.R.S."', () => {
  const found = findCitations(fixture('co-06-sentences.txt'), {
    defaultCode: { jurisdiction: 'CO', codeName: 'Colo. Rev. Stat.' },
  });
  const brief = found.map((f) => `${f.section}${f.pinpoint ?? ''}`);
  assert.deepEqual(brief, [
    '24-32-3326', '6-1-105', '44-20-102', '6-1-105', '6-1-1107', '18-1.3-504', '6-2-103', '6-2-108',
    '6-2-110', '6-15-205', '6-15-206', '18-1.3-501', '6-13-201', '6-13-202', '6-1-105(1)(u)',
    '38-33-110(5)', '12-10-501(4)', '6-19-103', '6-1-203', '42-1-102(48.8)', '18-1.3-501', '6-1-701',
    '6-1-717', '6-1-1117(2)', '6-1-1117(4)', '18-1.3-504',
  ]);
  assert.ok(found.every((f) => f.jurisdiction === 'CO' && f.codeName === 'Colo. Rev. Stat.'));
});

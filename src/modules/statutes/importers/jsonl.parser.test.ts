import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { jsonlFormat, jsonlLineToSection, parseJsonl, type JsonlParsedSection } from './jsonl.parser.js';

const fixture = join(dirname(fileURLToPath(import.meta.url)), '__fixtures__', 'jsonl', 'va-sections.jsonl');

async function collect(path: string): Promise<JsonlParsedSection[]> {
  const out: JsonlParsedSection[] = [];
  for await (const s of parseJsonl(path)) out.push(s);
  return out;
}

async function withFile(content: string, run: (path: string) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'folio-jsonl-'));
  try {
    const path = join(dir, 'x.jsonl');
    await writeFile(path, content);
    await run(path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const minimal = { jurisdiction: 'CA', code: 'Cal. Civ. Code', section: '1542', text: 'A general release…' };

describe('parseJsonl on three Virginia sections converted by hand', async () => {
  const sections = await collect(fixture);

  test('reads every line in order', () => {
    assert.deepEqual(sections.map((s) => s.citation), ['Va. Code Ann. § 18.2-46.2', 'Va. Code Ann. § 18.2-11', 'Va. Code Ann. § 1-10']);
  });

  test('18.2-46.2: every field mapped', () => {
    const s = sections[0];
    assert.deepEqual(s, {
      jurisdiction: 'VA',
      codeName: 'Va. Code Ann.',
      citation: 'Va. Code Ann. § 18.2-46.2',
      sectionNumber: '18.2-46.2',
      titleNumber: '18.2',
      heading: 'Prohibited criminal street gang participation; penalty',
      text: s?.text,
      history: '2000, c. 332; 2023, cc. 396, 397.',
      crossReferences: ['Va. Code Ann. § 18.2-46.1'],
      hierarchy: [
        { label: 'title', number: '18.2', heading: 'Crimes and Offenses Generally' },
        { label: 'chapter', number: '4', heading: 'Crimes Against the Person' },
        { label: 'article', number: '2.1', heading: 'Crimes by Gangs' },
      ],
      repealed: false,
      amendmentDates: [],
    });
    assert.equal(s?.text.split('\n').length, 2);
    assert.ok(s?.text.startsWith('A. Any person who actively participates'));
    assert.ok(!('effectiveFrom' in (s ?? {})));
  });

  test('18.2-11: title derived from the number; whitespace inside a paragraph collapsed', () => {
    const s = sections[1];
    assert.equal(s?.titleNumber, '18.2');
    assert.equal(s?.text.split('\n')[4], 'd. For Class 4 misdemeanors, a fine of not more than $250.');
    assert.ok(s?.text.split('\n')[5]?.startsWith('For a misdemeanor offense prohibiting proximity'));
  });

  test('1-10: a repealed version with its own effective dates', () => {
    const s = sections[2];
    assert.equal(s?.repealed, true);
    assert.equal(s?.effectiveFrom, '2005-10-01');
    assert.equal(s?.effectiveTo, null);
    assert.deepEqual(s?.amendmentDates, ['2005-10-01']);
    assert.equal(s?.history, '');
    assert.equal(s?.titleNumber, '1');
  });
});

describe('JSONL validation', () => {
  test('defaults for optional fields; a title of null gives an empty titleNumber', () => {
    const s = jsonlLineToSection({ ...minimal, title: null, cross_references: ['Cal. Civ. Code § 1542', 'Cal. Civ. Code § 1541', 'Cal. Civ. Code § 1541'] }, 1);
    assert.equal(s.citation, 'Cal. Civ. Code § 1542');
    assert.equal(s.titleNumber, '');
    assert.deepEqual(s.crossReferences, ['Cal. Civ. Code § 1541']);
    assert.equal(s.heading, '');
    assert.equal(s.repealed, false);
  });

  test('an explicit citation wins (title-first codes)', () => {
    const s = jsonlLineToSection({ jurisdiction: 'US', code: 'U.S.C.', section: '1983', citation: '42 U.S.C. § 1983', title: '42', text: 'x' }, 1);
    assert.equal(s.citation, '42 U.S.C. § 1983');
    assert.equal(s.titleNumber, '42');
  });

  for (const [name, value, message] of [
    ['missing text', { ...minimal, text: undefined }, /^line 3: text: /],
    ['unknown field', { ...minimal, effective: '2020-01-01' }, /^line 3: effective: /],
    ['bad jurisdiction', { ...minimal, jurisdiction: 'california' }, /^line 3: jurisdiction: /],
    ['not a calendar date', { ...minimal, effective_from: '2023-02-30' }, /^line 3: effective_from: 2023-02-30 is not a calendar date$/],
    ['dates out of order', { ...minimal, effective_from: '2023-01-01', effective_to: '2022-01-01' }, /^line 3: effective_to 2022-01-01 is not after/],
    ['bad hierarchy', { ...minimal, hierarchy: [{ number: '1' }] }, /^line 3: hierarchy\.0\.label: /],
    ['not an object', [1, 2], /^line 3: object: /],
  ] as const) {
    test(`rejects: ${name}`, () => assert.throws(() => jsonlLineToSection(value, 3), { name: "JsonlLineError", message }));
  }

  test('file errors name the line; blank lines are skipped', async () => {
    await withFile(`${JSON.stringify(minimal)}\n\n{"jurisdiction":`, async (path) => {
      await assert.rejects(collect(path), { message: /^line 3: not valid JSON/ });
    });
    await withFile(`\uFEFF${JSON.stringify(minimal)}\r\n\r\n${JSON.stringify({ ...minimal, section: '1543' })}\r\n`, async (path) => {
      assert.deepEqual((await collect(path)).map((s) => s.sectionNumber), ['1542', '1543']);
    });
  });

  test('format descriptor', () => {
    assert.deepEqual([jsonlFormat.id, jsonlFormat.jurisdiction, jsonlFormat.codeName], ['jsonl', null, null]);
  });
});

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ParsedSection } from '../statutes.types.js';
import { missingDataReason, sharedDataPath } from '../../../../test/support/shared-data.js';
import { dcFormat, parseDcCode, type DcParseStats } from './dc.parser.js';
import { dcCiteToCitation, parseDcSectionXml } from './dc-section.js';
import { parseSubheading } from './dc-index.js';

const fixture = join(dirname(fileURLToPath(import.meta.url)), '__fixtures__', 'dc', '2024-10-20');

async function collect(path: string): Promise<{ sections: ParsedSection[]; stats: DcParseStats | undefined }> {
  let stats: DcParseStats | undefined;
  const sections: ParsedSection[] = [];
  for await (const s of parseDcCode(path, { onStats: (st) => (stats = st) })) sections.push(s);
  return { sections, stats };
}

const property = { label: 'division', number: 'VII', heading: 'Property.' };
const realProperty = { label: 'title', number: '42', heading: 'Real Property.' };

describe('parseDcCode on a cut-down 2024-10-20 publication', async () => {
  const { sections, stats } = await collect(fixture);
  const byNumber = new Map(sections.map((s) => [s.sectionNumber, s]));

  test('walks the indexes in Code order, skipping absent titles and (Perm) files', () => {
    assert.deepEqual(
      sections.map((s) => s.citation),
      ['D.C. Code § 25-116.01', 'D.C. Code § 29-104.03', 'D.C. Code § 42-101', 'D.C. Code § 42-3401.04', 'D.C. Code § 42-3505.54', 'D.C. Code § 46-411'],
    );
    assert.equal(stats?.sections, 6);
    assert.deepEqual(stats?.missingFiles.map((f) => f.slice(fixture.length)), ['/titles/2/index.xml']);
    assert.deepEqual(stats?.skippedPermanentVersions.map((f) => f.slice(fixture.length)), ['/titles/99/46-411(Perm).xml']);
  });

  test('42-3505.54: paragraphs, history from text and from empty History annotations, eff dates', () => {
    assert.deepEqual(byNumber.get('42-3505.54'), {
      jurisdiction: 'DC',
      codeName: 'D.C. Code',
      titleNumber: '42',
      hierarchy: [
        property,
        realProperty,
        { label: 'subtitle', number: 'VII', heading: 'Rental Housing and Commercial Tenancy.' },
        { label: 'chapter', number: '35', heading: 'Rental Housing Generally.' },
        { label: 'subchapter', number: 'V-B', heading: 'Other Housing Provider Actions During Tenancies.' },
      ],
      sectionNumber: '42-3505.54',
      citation: 'D.C. Code § 42-3505.54',
      heading: "Notice of tenant's intent to vacate after the expiration of the signed lease term, renewal or extension term.",
      text:
        "(a) A residential tenancy from month-to-month may be terminated by a 30-day notice in writing only from the tenant to the housing provider of the tenant's intention to quit. The notice shall expire on the first day of the first month at least 30 days after the date of the notice.\n" +
        "(b) A housing provider shall not place or cause to be placed in a residential lease or rental agreement a requirement that the tenant provide more than a 30-day notice to the housing provider of the tenant's intention to vacate the premises, unless the lease or agreement also requires the housing provider to provide the tenant with a written notice of any rent increase that is at least 30 days more than that time period.",
      history: 'July 17, 1985, D.C. Law 6-10, § 534; as added Feb. 18, 2017, D.C. Law 21-210, § 2(d); Nov. 28, 2023, D.C. Law 25-65, § 2(e)',
      crossReferences: [],
      repealed: false,
      // display="false" History annotations (emergency and temporary acts) carry dates too.
      amendmentDates: ['1985-07-17', '2017-02-18', '2020-05-27', '2020-06-08', '2020-08-19', '2020-10-09', '2021-03-17', '2021-06-07', '2021-06-24', '2023-11-28'],
    });
  });

  test('[25-116.01]: bracketed number normalized, cites to sections, a table kept as rows', () => {
    const s = byNumber.get('25-116.01');
    assert.ok(s);
    assert.equal(s.citation, 'D.C. Code § 25-116.01');
    assert.equal(s.heading, 'Pub endorsement.');
    assert.equal(
      s.text,
      "(a) An on-premises retailer's license, class C or D, may apply for one or more pub endorsements in accordance with § 25-117, [§] 25-124, or [§] 25-125.\n" +
        '(b) The minimum annual fees for a pub endorsement shall apply as follows:\n' +
        '1 pub endorsement | $5,000\n2 pub endorsements | $7,500\n3 pub endorsements | $9,000.',
    );
    assert.deepEqual(s.crossReferences, ['D.C. Code § 25-117', 'D.C. Code § 25-124', 'D.C. Code § 25-125']);
    // Three annotations of one law (§ 5(a), (b), (c)) print as one history entry.
    assert.equal(s.history, 'Feb. 21, 2020, D.C. Law 23-54, § 2(a)(4); Mar. 22, 2023, D.C. Law 24-332, § 5');
    assert.deepEqual(s.amendmentDates, ['2020-02-21', '2023-03-22']);
    assert.equal(s.hierarchy[1]?.heading, 'Alcoholic Beverages. [Enacted title]');
  });

  test('46-411: the *NOTE…* banner and its (Perm) cite are dropped', () => {
    const s = byNumber.get('46-411');
    assert.ok(s);
    assert.ok(s.text.startsWith('If any person intending to marry'), s.text);
    assert.ok(!s.text.includes('NOTE'));
    assert.deepEqual(s.crossReferences, []);
    assert.equal(
      s.history,
      'Mar. 3, 1901, 31 Stat. 1392, ch. 854, § 1292; July 22, 1976, D.C. Law 1-75, § 5(a), 23 DCR 1182; Oct. 1, 1976, D.C. Law 1-87, § 32, 23 DCR 2544; Feb. 6, 2024, D.C. Law 25-117, § 2(c)',
    );
    assert.deepEqual(s.amendmentDates, ['1901-03-03', '1976-07-22', '1976-10-01', '2019-01-11', '2023-11-15', '2024-02-06']);
    assert.deepEqual(s.hierarchy.map((h) => `${h.label} ${h.number}`), ['division VIII', 'title 46', 'subtitle I', 'chapter 4']);
  });

  test('42-101: placeholder="Repealed" section', () => {
    const s = byNumber.get('42-101');
    assert.ok(s);
    assert.equal(s.repealed, true);
    assert.equal(s.text, 'Repealed.');
    assert.equal(s.heading, 'No acknowledgment of deed by attorney.');
    // Cites in the Section References / Cross References annotations are not the section's own.
    assert.deepEqual(s.crossReferences, []);
    assert.deepEqual(s.amendmentDates, ['1901-03-03', '1994-04-27', '2023-02-23']);
    assert.deepEqual(s.hierarchy, [
      property,
      realProperty,
      { label: 'subtitle', number: 'I', heading: 'General.' },
      { label: 'chapter', number: '1', heading: 'Acknowledgments.' },
      { label: 'subchapter', number: 'I', heading: 'General.' },
      { label: 'part', number: 'A', heading: 'Acknowledgments of Deeds.' },
    ]);
  });

  test('29-104.03: an undesignated "(a)" is not printed; pinpoint cites lose their pinpoint', () => {
    const s = byNumber.get('29-104.03');
    assert.ok(s);
    assert.equal(
      s.text,
      'If a provision of this subchapter other than § 29-104.10(a)(4) requires that a record state an address, the record shall state a:\n' +
        '(1) Street address in the District; and\n' +
        '(2) Mailing address in the District, if different from the address described in paragraph (1) of this section.',
    );
    assert.deepEqual(s.crossReferences, ['D.C. Code § 29-104.10']);
    assert.equal(s.repealed, false);
  });

  test('42-3401.04: history text with "as added" kept as printed', () => {
    const s = byNumber.get('42-3401.04');
    assert.ok(s);
    assert.deepEqual(s.crossReferences, ['D.C. Code § 42-3505.01']);
    assert.equal(s.history, 'Sept. 10, 1980, D.C. Law 3-86, § 104; as added Apr. 27, 2001, D.C. Law 13-281, § 302, 48 DCR 1888; Oct. 19, 2002, D.C. Law 14-213, § 30, 49 DCR 8140');
  });
});

describe('D.C. section details', () => {
  const wrap = (inner: string, attrs = '') =>
    `<section xmlns="https://code.dccouncil.us/schemas/dc-library" xmlns:codify="https://code.dccouncil.us/schemas/codify"${attrs}><num>1-101</num><heading>H.</heading>${inner}</section>`;

  test('cite paths: pinpoints dropped, subchapters, session laws and U.S.C. sections are not cross-references', () => {
    assert.equal(dcCiteToCitation('§2-1933|(a)'), 'D.C. Code § 2-1933');
    assert.equal(dcCiteToCitation('§28:9-102|(a)|(2)'), 'D.C. Code § 28:9-102');
    assert.equal(dcCiteToCitation('§[7-736.05]'), 'D.C. Code § 7-736.05');
    assert.equal(dcCiteToCitation('§1-303.21(Perm)'), 'D.C. Code § 1-303.21');
    assert.equal(dcCiteToCitation('1|11A|III'), null);
    assert.equal(dcCiteToCitation('§10'), null);
    assert.equal(dcCiteToCitation('§1396r-5'), null);
    const f = parseDcSectionXml(
      wrap('<text>See <cite path="§2-1933">§ 2-1933</cite>, <cite doc="D.C. Law 8-139" path="§2">§ 2 of D.C. Law 8-139</cite>, 42 U.S.C. <cite path="§12-301">§ 12-301</cite>, <cite path="§1-101">itself</cite>, <cite path="§2-1933|(b)">again</cite>.</text>'),
      'test',
    );
    assert.deepEqual(f.crossReferences, ['D.C. Code § 2-1933']);
  });

  test('designation-only paragraphs join the next: "(1)(A) …"; codify instructions are not text', () => {
    const f = parseDcSectionXml(
      wrap('<para><num>(a)</num><para><num>(1)</num><para><num>(A)</num><text>One.</text></para></para><codify:find-replace path="heading"><find>x</find><replace>y</replace></codify:find-replace></para><para><num>(b)</num><heading>Head. —</heading><text>Two.</text><aftertext>After.</aftertext></para>'),
      'test',
    );
    assert.equal(f.text, '(a)(1)(A) One.\n(b) Head. — Two.\nAfter.');
  });

  test('repealed comes from placeholder or a repeal-like reason, not from editorial reasons', () => {
    assert.equal(parseDcSectionXml(wrap('<text>Expired.</text>').replace('<num>', '<reason>Expired</reason><num>'), 't').repealed, true);
    assert.equal(parseDcSectionXml(wrap('<text>Not Funded.</text>', ' placeholder="Not Funded"'), 't').repealed, true);
    assert.equal(parseDcSectionXml(wrap('<text>The Superintendent [Commissioner] may.</text>').replace('<num>', '<reason>Commissioner</reason><num>'), 't').repealed, false);
  });

  test('subheadings split into levels', () => {
    assert.deepEqual(parseSubheading('Subtitle B-i. Blind and Physically Disabled Persons.'), { label: 'subtitle', number: 'B-i', heading: 'Blind and Physically Disabled Persons.' });
    assert.deepEqual(parseSubheading('Odd'), { label: 'subheading', number: null, heading: 'Odd' });
  });

  test('format descriptor', () => {
    assert.equal(dcFormat.id, 'dc');
    assert.equal(dcFormat.jurisdiction, 'DC');
    assert.equal(dcFormat.codeName, 'D.C. Code');
  });
});

describe('parseDcCode on the real publications', () => {
  const latest = sharedDataPath('statutes', 'dc', '2024-10-20');
  // Its speed is printed, not asserted (a busy machine is slower; bench:statutes measures it); the
  // timeout is only a ceiling for a hang.
  test('2024-10-20: all 23,729 section files, unique citations', { timeout: 600_000, skip: latest ? false : missingDataReason('statutes', 'dc', '2024-10-20') }, async () => {
    const t0 = performance.now();
    const { sections, stats } = await collect(latest!);
    const ms = performance.now() - t0;
    assert.equal(sections.length, 23729);
    assert.equal(stats?.missingFiles.length, 0);
    assert.equal(stats?.skippedPermanentVersions.length, 194);
    assert.equal(new Set(sections.map((s) => s.citation)).size, 23729);
    assert.ok(sections.every((s) => s.titleNumber && s.hierarchy[0]?.label === 'division'));
    const s = sections.find((x) => x.sectionNumber === '42-3505.54');
    assert.ok(s?.text.includes('at least 30 days more than that time period'));
    console.log(`dc 2024-10-20: ${sections.length} sections, ${(stats!.bytes / 1e6).toFixed(1)} MB in ${(ms / 1000).toFixed(1)} s = ${Math.round(sections.length / (ms / 1000))} sections/s, ${(stats!.bytes / 1e6 / (ms / 1000)).toFixed(1)} MB/s`);
  });

  for (const [publication, count, text] of [
    ['2021-10-18', 1346 + 1091, 'at least 15 days more'],
    ['2023-03-31', 1347 + 1097, 'at least 15 days more'],
  ] as const) {
    const path = sharedDataPath('statutes', 'dc', publication);
    test(`${publication}: titles 2 and 42 only, the other titles counted as missing`, { skip: path ? false : missingDataReason('statutes', 'dc', publication) }, async () => {
      const { sections, stats } = await collect(path!);
      assert.equal(sections.length, count);
      assert.deepEqual([...new Set(sections.map((s) => s.titleNumber))], ['2', '42']);
      assert.ok((stats?.missingFiles.length ?? 0) >= 50);
      assert.ok(sections.find((s) => s.sectionNumber === '42-3505.54')?.text.includes(text));
      // README: 42-101 was repealed after 2021-10-18.
      assert.equal(sections.find((s) => s.sectionNumber === '42-101')?.repealed, publication !== '2021-10-18');
    });
  }
});

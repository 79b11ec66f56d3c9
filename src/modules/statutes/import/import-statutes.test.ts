import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import type { OpenedStore } from '../../../db/open.js';
import { openTestStore } from '../../../../test/support/test-store.js';
import { missingDataReason, sharedDataPath } from '../../../../test/support/shared-data.js';
import { getSectionOn } from '../statutes.usecases.js';
import { createStatutesRepository } from '../storage/statutes.repository.js';
import { findImportFormat } from './formats.js';
import { importStatutes, type ImportSummary } from './import-statutes.js';

const fixtures = join(dirname(fileURLToPath(import.meta.url)), '..', 'importers', '__fixtures__');
const fixedClock = { now: () => new Date('2026-01-15T00:00:00Z') };

interface Corpus {
  opened: OpenedStore;
  dir: string;
  run(format: string, path: string, published: string, titles?: string[]): Promise<ImportSummary>;
  section(citation: string, asOf?: string): ReturnType<typeof getSectionOn>;
  /** Every version, comparable across databases (no ids). */
  dump(): Promise<string[]>;
  close(): Promise<void>;
}

async function openCorpus(): Promise<Corpus> {
  const dir = mkdtempSync(join(tmpdir(), 'folio-statutes-'));
  // The backend under test: SQLite, or PostgreSQL on the test:pg run.
  const opened = await openTestStore(dir);
  const statutes = createStatutesRepository({ db: opened.store.db });
  return {
    opened,
    dir,
    run: (format, path, published, titles) =>
      importStatutes({ db: opened.store.db, search: opened.statuteSearch }, { format: findImportFormat(format)!, path, published, ...(titles ? { titles } : {}) }),
    section: (citation, asOf) => getSectionOn({ statutes, clock: fixedClock }, { citation, asOf }),
    async dump() {
      const rows = await opened.store.db
        .selectFrom('statute_versions as v')
        .innerJoin('statute_sections as s', 's.id', 'v.section_id')
        .select(['s.citation', 'v.effective_from', 'v.effective_to', 'v.repealed', 'v.absent', 'v.content_hash', 'v.heading', 'v.text', 'v.history', 'v.cross_references'])
        .orderBy('s.citation')
        .orderBy('v.effective_from')
        .execute();
      return rows.map((r) => JSON.stringify(r));
    },
    async close() {
      await opened.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe('import of the D.C. fixtures', () => {
  let corpus: Corpus;
  let first: ImportSummary;
  before(async () => {
    corpus = await openCorpus();
    first = await corpus.run('dc', join(fixtures, 'dc', '2024-10-20'), '2024-10-20');
  });
  after(() => corpus.close());

  test('counts what it stored', () => {
    assert.equal(first.sections_seen, 6);
    assert.equal(first.versions_new, 6);
    assert.deepEqual(first.titles, ['25', '29', '42', '46']);
    assert.deepEqual(first.jurisdictions, ['DC']);
    assert.ok(first.sections_per_second > 0);
  });

  test('a section by citation, dated by its latest amendment', async () => {
    const found = await corpus.section('D.C. Code § 42-3505.54', '2025-01-01');
    assert.equal(found.status, 'CURRENT');
    assert.equal(found.version.effectiveFrom, '2023-11-28');
    assert.match(found.version.text, /at least 30 days more/);
    assert.equal(found.section.citation, 'D.C. Code § 42-3505.54');
  });

  test('a pinpoint resolves to its section', async () => {
    const found = await corpus.section('D.C. Official Code § 42-3505.54(a)', '2025-01-01');
    assert.equal(found.section.citation, 'D.C. Code § 42-3505.54');
  });

  test('free-text cross-references are added to the markup ones, canonical and without the section itself', async () => {
    const found = await corpus.section('D.C. Code § 42-3505.54', '2025-01-01');
    for (const ref of found.version.crossReferences) assert.match(ref, /^(D\.C\. Code|\d+ U\.S\.C\.) § /);
    assert.ok(!found.version.crossReferences.includes('D.C. Code § 42-3505.54'));
    assert.equal(new Set(found.version.crossReferences).size, found.version.crossReferences.length);
  });

  test('before its first version a section is NOT_YET_EFFECTIVE and shows that version', async () => {
    const found = await corpus.section('D.C. Code § 42-3505.54', '1900-01-01');
    assert.equal(found.status, 'NOT_YET_EFFECTIVE');
    assert.equal(found.version.effectiveFrom, '2023-11-28');
  });

  test('the search index holds the versions, filtered by the date', async () => {
    const hits = await corpus.opened.statuteSearch.search('DC', 'tenant AND vacate', '2025-01-01', 5);
    assert.equal(hits[0]?.citation, 'D.C. Code § 42-3505.54');
    assert.deepEqual(await corpus.opened.statuteSearch.search('DC', 'tenant AND vacate', '2020-01-01', 5), []);
    assert.deepEqual(await corpus.opened.statuteSearch.search('VA', 'tenant AND vacate', '2025-01-01', 5), []);
  });

  test('re-importing the same publication changes nothing', async () => {
    const before = await corpus.dump();
    const again = await corpus.run('dc', join(fixtures, 'dc', '2024-10-20'), '2024-10-20');
    assert.equal(again.observations_new, 0);
    assert.equal(again.observations_unchanged, 6);
    assert.deepEqual([again.versions_new, again.versions_updated, again.versions_deleted], [0, 0, 0]);
    assert.equal(again.sections_unchanged, 6);
    assert.deepEqual(await corpus.dump(), before);
  });

  test('a later snapshot of a title lacking a section repeals it as of that date, keeping its last text', async () => {
    const later = mkdtempSync(join(tmpdir(), 'folio-dc-'));
    try {
      cpSync(join(fixtures, 'dc', '2024-10-20'), later, { recursive: true });
      rmSync(join(later, 'titles', '42', 'sections', '42-3401.04.xml'));
      const summary = await corpus.run('dc', later, '2025-06-01');
      assert.equal(summary.repealed_by_absence, 1);
      const gone = await corpus.section('D.C. Code § 42-3401.04', '2025-07-01');
      assert.equal(gone.status, 'REPEALED');
      assert.equal(gone.version.effectiveFrom, '2025-06-01');
      const before = await corpus.section('D.C. Code § 42-3401.04', '2025-01-01');
      assert.equal(before.status, 'CURRENT');
      assert.equal(gone.version.text, before.version.text);
      // A section the source already marked repealed stays one repeal when it disappears.
      assert.equal((await corpus.section('D.C. Code § 42-101', '2025-07-01')).version.effectiveFrom, '2023-02-23');
      // The other sections of the title are the same versions as before.
      assert.equal((await corpus.section('D.C. Code § 42-3505.54', '2025-07-01')).version.effectiveFrom, '2023-11-28');
      // A publication restricted to title 25 says nothing about title 42.
      const only25 = await corpus.run('dc', later, '2025-09-01', ['25']);
      assert.deepEqual(only25.titles, ['25']);
      assert.equal(only25.repealed_by_absence, 0);
      assert.equal((await corpus.section('D.C. Code § 42-3505.54', '2025-10-01')).status, 'CURRENT');
    } finally {
      rmSync(later, { recursive: true, force: true });
    }
  });
});

describe('import of JSONL versions with explicit dates', () => {
  let corpus: Corpus;
  before(async () => {
    corpus = await openCorpus();
    await corpus.run('jsonl', join(fixtures, 'jsonl', 'va-sections.jsonl'), '2025-01-01');
  });
  after(() => corpus.close());

  test('a repeal line with effective_from is REPEALED from that date and NOT_YET_EFFECTIVE before', async () => {
    const after2005 = await corpus.section('Va. Code Ann. § 1-10', '2010-01-01');
    assert.equal(after2005.status, 'REPEALED');
    assert.equal(after2005.version.effectiveFrom, '2005-10-01');
    assert.equal((await corpus.section('Va. Code Ann. § 1-10', '2000-01-01')).status, 'NOT_YET_EFFECTIVE');
  });

  test('a line without dates is in force from the publication date', async () => {
    const found = await corpus.section('Va. Code Ann. § 18.2-46.2', '2025-02-01');
    assert.equal(found.status, 'CURRENT');
    assert.equal(found.version.effectiveFrom, '2025-01-01');
    assert.deepEqual(found.version.crossReferences.slice(0, 1), ['Va. Code Ann. § 18.2-46.1']);
  });

  test('GET-style errors: unsupported jurisdiction 422, unknown section 400, unrecognizable 400', async () => {
    await assert.rejects(corpus.section('D.C. Code § 1-101'), { status: 422, detail: 'Jurisdiction not supported: DC' });
    await assert.rejects(corpus.section('Va. Code Ann. § 99-1'), { status: 400 });
    await assert.rejects(corpus.section('not a citation'), { status: 400 });
    await assert.rejects(corpus.section('Va. Code Ann. § 1-10', '2024-02-30'), { status: 400 });
  });
});

const DC = (published: string) => sharedDataPath('statutes', 'dc', published);
const haveDc = DC('2021-10-18') && DC('2023-03-31') && DC('2024-10-20');

describe('three D.C. publications, titles 2 and 42 (shared data)', { skip: haveDc ? false : missingDataReason('statutes', 'dc') }, () => {
  let natural: Corpus;
  let shuffled: Corpus;
  before(async () => {
    natural = await openCorpus();
    shuffled = await openCorpus();
    for (const p of ['2021-10-18', '2023-03-31', '2024-10-20']) await natural.run('dc', DC(p)!, p, ['2', '42']);
    for (const p of ['2024-10-20', '2021-10-18', '2023-03-31']) await shuffled.run('dc', DC(p)!, p, ['2', '42']);
  });
  after(async () => {
    await natural?.close();
    await shuffled?.close();
  });

  test('42-3505.54: "at least 15 days more" as of 2022-06-01, "at least 30 days more" as of 2025-01-01', async () => {
    const then = await natural.section('D.C. Code § 42-3505.54', '2022-06-01');
    assert.equal(then.status, 'CURRENT');
    assert.match(then.version.text, /at least 15 days more/);
    const now = await natural.section('D.C. Code § 42-3505.54', '2025-01-01');
    assert.match(now.version.text, /at least 30 days more/);
    assert.equal(now.version.effectiveFrom, '2023-11-28');
  });

  test('42-101 is REPEALED as of 2025-01-01 (by D.C. Law 24-236, 2023-02-23) and CURRENT in 2022', async () => {
    const repealed = await natural.section('D.C. Code § 42-101', '2025-01-01');
    assert.equal(repealed.status, 'REPEALED');
    assert.equal(repealed.version.effectiveFrom, '2023-02-23');
    assert.match(repealed.version.text, /power of attorney/, 'a repeal shows the last operative text');
    assert.equal((await natural.section('D.C. Code § 42-101', '2022-06-01')).status, 'CURRENT');
  });

  test('2-1204.21 is NOT_YET_EFFECTIVE before it exists and CURRENT from D.C. Law 25-190 (2024-07-19)', async () => {
    const before2024 = await natural.section('D.C. Code § 2-1204.21', '2023-01-01');
    assert.equal(before2024.status, 'NOT_YET_EFFECTIVE');
    assert.equal(before2024.version.effectiveFrom, '2024-07-19');
    assert.equal((await natural.section('D.C. Code § 2-1204.21', '2024-08-01')).status, 'CURRENT');
  });

  test('importing 2024 before 2021 and 2023 gives exactly the same versions as the natural order', async () => {
    const a = await natural.dump();
    const b = await shuffled.dump();
    assert.ok(a.length > 2400);
    assert.deepEqual(b, a);
    for (const [citation, asOf] of [['D.C. Code § 42-3505.54', '2022-06-01'], ['D.C. Code § 42-101', '2025-01-01'], ['D.C. Code § 2-1204.21', '2023-01-01']] as const) {
      const x = await natural.section(citation, asOf);
      const y = await shuffled.section(citation, asOf);
      assert.deepEqual([y.status, y.version.effectiveFrom, y.version.text], [x.status, x.version.effectiveFrom, x.version.text]);
    }
  });

  test('re-importing a publication changes nothing', async () => {
    const before = await natural.dump();
    const again = await natural.run('dc', DC('2023-03-31')!, '2023-03-31', ['2', '42']);
    assert.equal(again.observations_new, 0);
    assert.deepEqual([again.versions_new, again.versions_updated, again.versions_deleted], [0, 0, 0]);
    assert.deepEqual(await natural.dump(), before);
  });

  test('all versions of a section, and versions by id with their sections (search hits)', async () => {
    const repository = createStatutesRepository({ db: natural.opened.store.db });
    const section = (await repository.findSection('DC', 'D.C. Code § 42-3505.54'))!;
    const versions = await repository.listVersions(section.id);
    // The 2023 publication drops (c), the public-health-emergency tolling, with no amendment date
    // after 2021-10-18 to date it: it is dated by the publication.
    assert.deepEqual(
      versions.map((v) => [v.effectiveFrom, v.effectiveTo]),
      [
        ['2021-06-24', '2023-03-31'],
        ['2023-03-31', '2023-11-28'],
        ['2023-11-28', null],
      ],
    );
    assert.match(versions[0]!.text, /public health emergency/);
    assert.doesNotMatch(versions[1]!.text, /public health emergency/);
    const hits = await natural.opened.statuteSearch.search('DC', '"intent to vacate"', '2022-06-01', 10);
    assert.ok(hits.some((h) => h.versionId === versions[0]!.id), 'the 2022 search finds the version then in force');
    assert.ok(!hits.some((h) => h.versionId === versions[1]!.id || h.versionId === versions[2]!.id));
    const byId = await repository.versionsByIds([versions[2]!.id, versions[0]!.id]);
    assert.deepEqual(byId.map((v) => v.effectiveFrom), ['2023-11-28', '2021-06-24']);
    assert.equal(byId[0]?.section.citation, 'D.C. Code § 42-3505.54');
  });

  test('the jurisdiction summary covers the versions', async () => {
    const [dc] = await createStatutesRepository({ db: natural.opened.store.db }).listJurisdictions();
    assert.equal(dc?.jurisdiction, 'DC');
    const code = dc?.codes[0];
    assert.equal(code?.name, 'D.C. Code');
    assert.ok((code?.sectionCount ?? 0) > 2400);
    assert.equal(code?.latestPublished, '2024-10-20');
    assert.ok((code?.versionCount ?? 0) > (code?.sectionCount ?? 0));
  });
});

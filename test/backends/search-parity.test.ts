import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { openStore, type OpenedStore } from '../../src/db/open.js';
import { createPassageIndex } from '../../src/modules/documents/document-services.js';
import { chunkPages } from '../../src/modules/documents/passages/chunking.js';
import type { PassageIndex } from '../../src/modules/documents/passages/passage-index.js';
import { findImportFormat } from '../../src/modules/statutes/import/formats.js';
import { importStatutes } from '../../src/modules/statutes/import/import-statutes.js';
import { toFtsQuery } from '../../src/text/fts-query.js';
import { analyzeQuestion } from '../../src/text/query-analysis.js';
import { singleWordStems } from '../../src/text/ubiquitous-terms.js';
import { searchPassages } from '../../src/modules/documents/passages/passage-search.js';
import { splitCommonTerms } from '../../src/text/common-terms.js';
import { buildTenant } from '../support/factories.js';
import { fixtureText } from '../support/projects.js';
import { dropTestDatabase, testDatabaseUrl } from '../support/test-database.js';

// The same contracts and statutes in SQLite (FTS5) and PostgreSQL (tsvector): every search must
// return the same passages and sections, in the same order, with the same bm25 scores. This is
// what keeps the evaluations' figures equal on both backends.
const skip = !process.env.FOLIO_TEST_DATABASE_URL && 'FOLIO_TEST_DATABASE_URL is not set';
const statutes = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'src', 'modules', 'statutes');
const CONTRACTS = ['wpt-zynga-license.txt', 'aduro-consulting.txt'];
const QUESTIONS = [
  'Which law governs the agreement?',
  'May a party audit the other party\'s books and records?',
  'How can the agreement be terminated for convenience?',
  'What notice must be given before termination?',
  'Who are the parties and when does the agreement take effect?',
];
const STATUTE_QUESTIONS = ['unlawful discriminatory practice by an employer', 'Is it unlawful to refuse to hire someone because of their religion?', 'family responsibilities', 'the'];

interface Side {
  dir: string;
  opened: OpenedStore;
  passages: PassageIndex;
  workspaceId: number;
}
const sides: Side[] = [];

before(async () => {
  if (skip) return;
  for (const pg of [false, true]) {
    const dir = mkdtempSync(join(tmpdir(), 'folio-parity-'));
    const opened = await openStore({ databaseUrl: pg ? await testDatabaseUrl(dir) : null, dataDir: dir });
    const core = { store: opened.store, clock: { now: () => new Date('2026-03-01T00:00:00Z') } };
    const tenant = await buildTenant(core);
    const passages = createPassageIndex(core, opened.passageBackend);
    for (const [i, name] of CONTRACTS.entries()) {
      const file = await opened.store.documents.insertFileWithJob({
        workspace_id: tenant.workspace.id, parent_directory_id: null, file_name: name, sha256: String(i).repeat(64), size_bytes: 1,
        content_type: 'text/plain', status: 'ready', error: null, page_count: 1, created_at: '2026-03-01T00:00:00Z', updated_at: '2026-03-01T00:00:00Z',
      });
      await passages.replaceFile(tenant.workspace.id, file!.id, chunkPages([{ page: 1, text: fixtureText(name) }]));
    }
    const deps = { db: opened.store.db, search: opened.statuteSearch };
    await importStatutes(deps, { format: findImportFormat('dc')!, path: join(statutes, 'importers', '__fixtures__', 'dc', '2024-10-20'), published: '2024-10-20' });
    await importStatutes(deps, { format: findImportFormat('jsonl')!, path: join(statutes, '__fixtures__', 'dc-2-1402.11-excerpt.jsonl'), published: '2024-10-20' });
    // Publications of other dates replace versions (recompute-versions.ts): SQLite's index then
    // holds deleted rows in FTS5's totals, which folio_bm25 must not count (folio-bm25.c).
    await importStatutes(deps, { format: findImportFormat('jsonl')!, path: join(statutes, '__fixtures__', 'dc-2-1402.11-excerpt.jsonl'), published: '2025-06-01' });
    await importStatutes(deps, { format: findImportFormat('dc')!, path: join(statutes, 'importers', '__fixtures__', 'dc', '2024-10-20'), published: '2023-01-01' });
    sides.push({ dir, opened, passages, workspaceId: tenant.workspace.id });
  }
});
after(async () => {
  for (const side of sides) {
    await side.opened.close();
    rmSync(side.dir, { recursive: true, force: true });
    await dropTestDatabase(side.dir);
  }
});

const same = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a));

test('workspace passages: the same hits, order and bm25 scores on SQLite and PostgreSQL', { skip }, async () => {
  const [lite, pg] = sides as [Side, Side];
  for (const question of QUESTIONS) {
    const fts = toFtsQuery(analyzeQuestion(question))!;
    for (const limit of [1, 2, 20]) {
      const a = await lite.passages.search(lite.workspaceId, fts, limit);
      const b = await pg.passages.search(pg.workspaceId, fts, limit);
      assert.ok(a.length > 0, question);
      assert.deepEqual(b.map((h) => [h.page, h.start, h.end]), a.map((h) => [h.page, h.start, h.end]), `${question}, limit ${limit}`);
      a.forEach((h, i) => assert.ok(same(h.score, b[i]!.score), `${question}: ${h.score} vs ${b[i]!.score}`));
    }
    const stems = fts.match(/[a-z0-9]+/g) ?? [];
    const fa = await lite.passages.termFrequencies(lite.workspaceId, stems);
    const fb = await pg.passages.termFrequencies(pg.workspaceId, stems);
    assert.equal(fb.total, fa.total, question);
    assert.equal(fb.tokens, fa.tokens, question);
    assert.deepEqual([...fb.frequencies], [...fa.frequencies], question);
  }
});

test('workspace passages with the common terms scored apart (passage-search.ts): the same hits, order and scores on SQLite and PostgreSQL', { skip }, async () => {
  const [lite, pg] = sides as [Side, Side];
  // Two contracts are a small room: the split is asked for at any size, with words in a tenth of the passages common.
  const options = { fts: { expansions: true, expansionPhrases: false }, commonShare: 0.1, minCommonPostings: 0 };
  let split = 0;
  for (const question of QUESTIONS) {
    const analysis = analyzeQuestion(question);
    const stems = singleWordStems(analysis);
    if (splitCommonTerms(analysis, await lite.passages.termFrequencies(lite.workspaceId, stems), options.commonShare, 0)) split++;
    const search = async (side: Side, fileIds?: number[]) =>
      searchPassages(side.passages, side.workspaceId, analysis, await side.passages.termFrequencies(side.workspaceId, stems), 10, { ...options, fileIds });
    const firstFile = async (side: Side) => (await side.passages.search(side.workspaceId, toFtsQuery(analysis)!, 1))[0]!.fileId;
    for (const [a, b] of [
      [await search(lite), await search(pg)],
      [await search(lite, [await firstFile(lite)]), await search(pg, [await firstFile(pg)])],
    ] as const) {
      assert.ok(a.length > 0, question);
      assert.deepEqual(b.map((h) => [h.page, h.start, h.end]), a.map((h) => [h.page, h.start, h.end]), question);
      a.forEach((h, i) => assert.ok(same(h.score, b[i]!.score), `${question}: ${h.score} vs ${b[i]!.score}`));
    }
  }
  assert.ok(split >= 2, `the split was tried on ${split} questions`);
});

test('statute sections: the same hits, order and weighted bm25 scores on SQLite and PostgreSQL', { skip }, async () => {
  const [lite, pg] = sides as [Side, Side];
  // Small limits make PostgreSQL prune (max-score.ts) on these few sections; 20 reads them all.
  for (const question of STATUTE_QUESTIONS) {
    for (const limit of [1, 2, 3, 20]) {
      const fts = toFtsQuery(analyzeQuestion(question)) ?? '"the"';
      const a = await lite.opened.statuteSearch.search('DC', fts, '2025-01-01', limit);
      const b = await pg.opened.statuteSearch.search('DC', fts, '2025-01-01', limit);
      assert.ok(a.length > 0, question);
      assert.deepEqual(b.map((h) => h.citation), a.map((h) => h.citation), `${question}, limit ${limit}`);
      a.forEach((h, i) => assert.ok(same(h.score, b[i]!.score), `${question}: ${h.score} vs ${b[i]!.score}`));
    }
  }
});

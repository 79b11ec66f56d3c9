import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { openSqliteStore } from '../../../db/open.js';
import { plainOrWords } from '../../../db/fts/fts-expression.js';
import { analyzeQuestion, toFtsQuery } from '../../../text/query-analysis.js';
import { missingDataReason, sharedDataPath } from '../../../../test/support/shared-data.js';
import { seedSqliteRows } from '../../../../test/support/sqlite-rows.js';
import { chunkPages } from './chunking.js';
import { prunedPlan, rankPruned } from './pruned-ranking.js';
import type { Ranked } from './range-ranking.js';
import { createSqlitePassageIndex, type SqlitePassageIndex } from './sqlite-passage-index.js';
import { workspaceFtsTable } from './workspace-fts.js';

// Real CUAD contracts (CC BY 4.0, The Atticus Project), chunked as ingestion chunks them.
const txtDir = sharedDataPath('documents', 'cuad', 'txt');
const skip = txtDir ? false : missingDataReason('documents', 'cuad', 'txt');

// Generic data-room questions, not those bench:scale times.
const QUESTIONS = [
  'Which state law governs the agreement?',
  'Is there a cap on liability for damages?',
  'May a party assign the agreement without consent?',
  'How much notice is needed to terminate?',
  'Who pays for the insurance?',
  'Are there confidentiality obligations?',
  'What warranties does the supplier give?',
  'Can the licensee sublicense the software?',
];
const fts = { expansions: true, expansionPhrases: false } as const;

describe('the SQLite passage index prunes workspace-wide searches only when the result is the same', { skip }, () => {
  let dataDir: string;
  let opened: Awaited<ReturnType<typeof openSqliteStore>>;
  let pruning: SqlitePassageIndex;
  let whole: SqlitePassageIndex;
  let workspaceId: number;

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'folio-pruned-search-'));
    opened = await openSqliteStore(dataDir);
    const raw = opened.sqlite!;
    // Pruned at any size: the room here is 40 contracts, where the server would rank whole.
    pruning = createSqlitePassageIndex(raw, { split: false, prune: { minPostings: 0 } });
    whole = createSqlitePassageIndex(raw, { split: false, prune: false });
    const rows = seedSqliteRows(raw);
    workspaceId = rows.workspace();
    for (const name of readdirSync(txtDir!).filter((n) => n.endsWith('.txt')).sort().slice(0, 40)) {
      await whole.replaceFile(workspaceId, rows.file(workspaceId, name), chunkPages([{ page: 1, text: readFileSync(join(txtDir!, name), 'utf8') }]));
    }
  });
  after(async () => {
    await pruning.close();
    await whole.close();
    await opened.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('each question finds the same passages with the same scores, and most of them are pruned', async () => {
    const raw = opened.sqlite!;
    const table = workspaceFtsTable(workspaceId);
    const rank = raw.prepare(`select rowid as id, -bm25(${table}) as score from ${table} where ${table} match ? order by bm25(${table}) limit ?`);
    let pruned = 0;
    for (const question of QUESTIONS) {
      const query = toFtsQuery(analyzeQuestion(question), fts)!;
      for (const limit of [1, 8, 60]) {
        const a = await pruning.search(workspaceId, query, limit);
        const b = await whole.search(workspaceId, query, limit);
        assert.ok(b.length > 0, question);
        assert.equal(a.length, b.length, question);
        b.forEach((hit, i) => assert.ok(Math.abs(hit.score - a[i]!.score) <= 1e-9 * Math.max(1, hit.score), `${question}, best ${limit}: score at ${i}`));
        const last = b[b.length - 1]!.score + 1e-9;
        const above = (hits: typeof a) => hits.filter((h) => h.score > last).map((h) => h.passageId).sort((x, y) => x - y);
        assert.deepEqual(above(a), above(b), `${question}, best ${limit}: the same passages`);
      }
      // Whether the index took the pruned ranking for the search of 8 (it fetches twice as many), decided as it decides.
      const words = plainOrWords(query);
      const counts = words ? await pruning.termFrequencies(workspaceId, words.map((w) => w.stem)) : null;
      const plan = words && counts ? prunedPlan(words.map((w) => ({ text: w.text, documents: counts.frequencies.get(w.stem) ?? 0 })), counts.total, 0) : null;
      if (plan && (await rankPruned(plan, 16, (part, n) => rank.all(part, n) as Ranked[]))) pruned++;
    }
    assert.ok(pruned >= QUESTIONS.length / 2, `${pruned} of ${QUESTIONS.length} searches pruned`);
  });

  test("folio_bm25 (the index's default) and FTS5's own bm25 give the same passages with the same scores", async () => {
    const raw = opened.sqlite!;
    const pairs: Array<[string, SqlitePassageIndex, SqlitePassageIndex]> = [
      ['pruned', pruning, createSqlitePassageIndex(raw, { split: false, prune: { minPostings: 0 }, ranking: 'bm25' })],
      ['whole', whole, createSqlitePassageIndex(raw, { split: false, prune: false, ranking: 'bm25' })],
    ];
    try {
      for (const question of QUESTIONS) {
        const query = toFtsQuery(analyzeQuestion(question), fts)!;
        // Twice: the second search scores from the passage lengths the first one kept.
        for (const round of [1, 2]) {
          for (const [name, folio, fts5] of pairs) {
            const expected = await fts5.search(workspaceId, query, 60);
            assert.ok(expected.length > 0, question);
            assert.deepEqual(await folio.search(workspaceId, query, 60), expected, `${question}, ${name}, round ${round}`);
          }
        }
      }
    } finally {
      for (const [, , fts5] of pairs) await fts5.close();
    }
  });
});

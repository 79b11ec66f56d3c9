import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, test } from 'node:test';
import { Worker } from 'node:worker_threads';
import type BetterSqlite3 from 'better-sqlite3';
import type { Kysely } from 'kysely';
import { migrate } from '../../../db/migrations/migrate.js';
import { openSqlite } from '../../../db/sqlite.js';
import { spawnModuleThread } from '../../../shared/thread-pool.js';
import { analyzeQuestion, toFtsQuery } from '../../../text/query-analysis.js';
import { missingDataReason, sharedDataPath } from '../../../../test/support/shared-data.js';
import { seedSqliteRows } from '../../../../test/support/sqlite-rows.js';
import { chunkPages } from './chunking.js';
import type { PassageHit } from './passage-index.js';
import { createRangeSearchHelper, type RangeSearchHelper, type RangeSearchHelperOptions } from './range-search-helper.js';
import { createSplitSearch } from './split-search.js';
import { createSqlitePassageIndex, type SqlitePassageIndex } from './sqlite-passage-index.js';

// Real CUAD contracts (CC BY 4.0, The Atticus Project), chunked as ingestion chunks them, in a
// database file: the split needs a second connection to the same file.
const txtDir = sharedDataPath('documents', 'cuad', 'txt');
const skip = txtDir ? false : missingDataReason('documents', 'cuad', 'txt');

const QUESTIONS = [
  'Who owns the intellectual property developed under the agreement?',
  'Which state law governs the agreement?',
  'Can either party terminate the agreement for convenience?',
  'Is there a cap on liability for damages?',
  'Does the contract renew automatically, and how long is its term?',
  'May a party assign the agreement to a third party without consent?',
];
const fts = { expansions: true, expansionPhrases: false } as const;
const ftsOf = (question: string): string => {
  const query = toFtsQuery(analyzeQuestion(question), fts);
  assert.ok(query, question);
  return query;
};

/** The same passages with the same scores, best first; passages of equal score may trade places, and the last score's ties may differ in which made the cut. */
function assertSameRanking(split: PassageHit[], whole: PassageHit[], label: string): void {
  assert.equal(split.length, whole.length, label);
  assert.ok(whole.length > 0, `${label}: the question finds passages`);
  for (const [i, hit] of whole.entries()) assert.ok(Math.abs(hit.score - split[i]!.score) <= 1e-9 * Math.max(1, Math.abs(hit.score)), `${label}: score at ${i}`);
  const last = whole[whole.length - 1]!.score + 1e-9;
  const above = (hits: PassageHit[]) => hits.filter((h) => h.score > last).map((h) => h.passageId).sort((a, b) => a - b);
  assert.deepEqual(above(split), above(whole), `${label}: the same passages`);
}

/** The helper, counting the upper ranges it is asked for and keeping the passages they held. */
function watched(helper: RangeSearchHelper): { helper: RangeSearchHelper; asked: () => number; above: Set<number> } {
  let asked = 0;
  const above = new Set<number>();
  return {
    asked: () => asked,
    above,
    helper: {
      idle: () => helper.idle(),
      rankAbove: async (...args) => {
        asked++;
        const ranked = await helper.rankAbove(...args);
        for (const { id } of ranked) above.add(id);
        return ranked;
      },
      close: () => helper.close(),
    },
  };
}

/** Until the helper's thread is up (starting it); a ceiling for a thread that never starts, not a timing check. */
async function untilIdle(helper: RangeSearchHelper): Promise<void> {
  for (const started = Date.now(); !helper.idle(); await sleep(20)) {
    if (Date.now() - started > 60_000) throw new Error('the range-search thread did not start');
  }
}

describe('the split workspace search: two rowid ranges ranked at once', { skip }, () => {
  let dir: string;
  let path: string;
  let raw: BetterSqlite3.Database;
  let db: Kysely<unknown>;
  let whole: SqlitePassageIndex;
  const files = new Map<number, Set<number>>();
  let big: number;
  let small: number;
  const opened: Array<{ close(): Promise<void> }> = [];
  const helperOf = (options: RangeSearchHelperOptions = {}) => {
    const helper = createRangeSearchHelper(path, { restartPauseMs: 0, ...options });
    opened.push(helper);
    return helper;
  };
  const splitIndex = (helper: RangeSearchHelper) => {
    // Free cores as an idle machine has them: the test runner's other processes must not decide.
    const index = createSqlitePassageIndex(raw, { split: { minRows: 1, helper, headroom: { freeCores: () => 2 } } });
    opened.push(index);
    return index;
  };

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'folio-split-search-'));
    path = join(dir, 'folio.db');
    const handle = openSqlite(path);
    raw = handle.raw;
    db = handle.db as unknown as Kysely<unknown>;
    await migrate(db, 'sqlite');
    const rows = seedSqliteRows(raw);
    const workspace = rows.workspace;
    big = workspace();
    small = workspace();
    whole = createSqlitePassageIndex(raw, { split: false });
    const names = readdirSync(txtDir!).filter((n) => n.endsWith('.txt')).sort().slice(0, 36);
    // Two workspaces ingested in turn, so their passages' rowids interleave: each table's range spans the other's ids.
    for (const [i, name] of names.entries()) {
      const ws = i % 3 === 2 ? small : big;
      const fileId = rows.file(ws, name);
      (files.get(ws) ?? files.set(ws, new Set()).get(ws)!).add(fileId);
      await whole.replaceFile(ws, fileId, chunkPages([{ page: 1, text: readFileSync(join(txtDir!, name), 'utf8') }]));
    }
  });
  after(async () => {
    for (const closing of opened) await closing.close();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  test('for each question, the split search returns what the whole search returns', async () => {
    const { helper, asked, above } = watched(helperOf());
    const index = splitIndex(helper);
    await untilIdle(helper);
    const found = new Set<number>();
    for (const question of QUESTIONS) {
      for (const limit of [8, 60]) {
        const before = asked();
        const split = await index.search(big, ftsOf(question), limit);
        assert.ok(asked() > before, `${question}: the search split`);
        assertSameRanking(split, await whole.search(big, ftsOf(question), limit), `${question} (${limit})`);
        for (const hit of split) found.add(hit.passageId);
      }
    }
    // Both ranges gave passages to the results.
    assert.ok([...found].some((id) => above.has(id)) && [...found].some((id) => !above.has(id)));
  });

  test("a workspace's split search never returns another workspace's passages", async () => {
    const { helper, asked } = watched(helperOf());
    const index = splitIndex(helper);
    await untilIdle(helper);
    for (const ws of [small, big]) {
      for (const question of QUESTIONS) {
        const split = await index.search(ws, ftsOf(question), 60);
        assert.ok(split.every((hit) => files.get(ws)!.has(hit.fileId)), `${question}: only workspace ${ws}'s files`);
        assertSameRanking(split, await whole.search(ws, ftsOf(question), 60), question);
      }
    }
    assert.equal(asked(), QUESTIONS.length * 2);
  });

  test('while the helper is busy with another search, a search runs whole here', async () => {
    const { helper, asked } = watched(helperOf());
    const index = splitIndex(helper);
    await untilIdle(helper);
    const query = ftsOf(QUESTIONS[0]!);
    const other = helper.rankAbove(big, query, 0, 60);
    const during = await index.search(big, query, 60);
    assert.equal(asked(), 1, 'only the other search reached the helper');
    assertSameRanking(during, await whole.search(big, query, 60), 'busy');
    assert.ok((await other).length > 0);
    // Idle again, the next search splits.
    await index.search(big, query, 60);
    assert.equal(asked(), 2);
  });

  test('a helper thread that was terminated: the search runs whole, and a later one starts a new thread', async () => {
    const threads: Worker[] = [];
    const entry = new URL('./range-search.worker.ts', import.meta.url);
    const { helper, asked } = watched(
      helperOf({
        spawn: (file) => {
          const thread = spawnModuleThread(entry, { path: file });
          threads.push(thread);
          return thread;
        },
      }),
    );
    const index = splitIndex(helper);
    await untilIdle(helper);
    const query = ftsOf(QUESTIONS[1]!);
    const expected = await whole.search(big, query, 60);
    assertSameRanking(await index.search(big, query, 60), expected, 'before');
    await threads[0]!.terminate();
    await sleep(0);
    assertSameRanking(await index.search(big, query, 60), expected, 'after the thread ended');
    assert.equal(asked(), 1, 'the search after the thread ended ran whole');
    assert.equal(threads.length, 2, 'that search started a new thread');
    await untilIdle(helper);
    assertSameRanking(await index.search(big, query, 60), expected, 'on the new thread');
    assert.equal(asked(), 2);
  });

  test('a helper thread that crashes or hangs during a search: the search falls back to the whole query', async () => {
    const query = ftsOf(QUESTIONS[2]!);
    const expected = await whole.search(big, query, 60);
    // Threads that say they are ready, then die on the request, or never answer it.
    const crashing = `const { parentPort } = require('node:worker_threads'); parentPort.postMessage({ type: 'ready' }); parentPort.on('message', () => process.exit(1));`;
    const hanging = `const { parentPort } = require('node:worker_threads'); parentPort.postMessage({ type: 'ready' }); parentPort.on('message', () => {});`;
    for (const [label, source] of [['crash', crashing], ['hang', hanging]] as const) {
      const { helper, asked } = watched(helperOf({ spawn: () => new Worker(source, { eval: true }), ceilingMs: 200 }));
      const index = splitIndex(helper);
      await untilIdle(helper);
      assertSameRanking(await index.search(big, query, 60), expected, label);
      assert.equal(asked(), 1, `${label}: the search tried the split`);
    }
  });

  test('a workspace below the threshold is searched whole, without starting a helper thread', async () => {
    let touched = 0;
    const helper: RangeSearchHelper = { idle: () => (touched++, true), rankAbove: async () => (touched++, []), close: async () => {} };
    const rows = Number(raw.prepare(`select count(*) from passages where workspace_id = ?`).pluck().get(big));
    const index = createSqlitePassageIndex(raw, { split: { minRows: rows + 1, helper } });
    const query = ftsOf(QUESTIONS[4]!);
    assertSameRanking(await index.search(big, query, 60), await whole.search(big, query, 60), 'below');
    assert.equal(touched, 0);
  });

  test('with other processes keeping the machine busy, searches run whole and leave the helper alone', async () => {
    let touched = 0;
    const helper: RangeSearchHelper = { idle: () => (touched++, true), rankAbove: async () => (touched++, []), close: async () => {} };
    let free = 0.5;
    const index = createSqlitePassageIndex(raw, { split: { minRows: 1, helper, headroom: { freeCores: () => free } } });
    opened.push(index);
    const query = ftsOf(QUESTIONS[2]!);
    assertSameRanking(await index.search(big, query, 60), await whole.search(big, query, 60), 'busy');
    assert.equal(touched, 0);
    free = 2;
    await index.search(big, query, 60);
    assert.ok(touched > 0, 'with the cores free again, the search asks the helper');
  });

  test('after close, the helper thread is gone and searches run whole', async () => {
    const { helper, asked } = watched(helperOf());
    const index = splitIndex(helper);
    await untilIdle(helper);
    await index.close();
    const query = ftsOf(QUESTIONS[3]!);
    assertSameRanking(await index.search(big, query, 60), await whole.search(big, query, 60), 'closed');
    assert.equal(asked(), 0);
    assert.equal(helper.idle(), false);
  });

  test('an in-memory database never splits', async () => {
    const memory = openSqlite(':memory:');
    try {
      await migrate(memory.db as unknown as Kysely<unknown>, 'sqlite');
      assert.equal(createSplitSearch(memory.raw, { minRows: 1 }), null);
      let touched = 0;
      const helper: RangeSearchHelper = {
        idle: () => (touched++, true),
        rankAbove: async () => (touched++, []),
        close: async () => {},
      };
      const rows = seedSqliteRows(memory.raw);
      const ws = rows.workspace();
      const fileId = rows.file(ws, 'a.txt');
      const index = createSqlitePassageIndex(memory.raw, { split: { minRows: 1, helper } });
      const name = readdirSync(txtDir!).filter((n) => n.endsWith('.txt')).sort()[0]!;
      await index.replaceFile(ws, fileId, chunkPages([{ page: 1, text: readFileSync(join(txtDir!, name), 'utf8') }]));
      assert.ok((await index.search(ws, ftsOf(QUESTIONS[1]!), 8)).length > 0);
      assert.equal(touched, 0);
      await index.close();
    } finally {
      await memory.db.destroy();
    }
  });
});

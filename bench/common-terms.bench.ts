/**
 * `npm run bench:common-terms -- [--docs N] [--db PATH] [--questions K] [--rounds R] [--files F]`: the
 * workspace search with the whole OR query against the common-terms search (rare terms match,
 * common terms only score: src/modules/documents/passages/passage-search.ts), on one room, in one
 * process, interleaved question by question. The room is bench:scale's (support/synthetic-room.ts:
 * N rewritten CUAD contracts, chunked as ingestion chunks them) written straight into a passage
 * table and its FTS5 index, without the server; with --db it is kept and reused. Prints p50/p95 of
 * each search and how often their best 8 (and 60) passages agree, for the 12 questions of
 * bench:scale and K questions of eval:workspace; the latter also within the F files (default 5) that hold
 * the contract they name, as retrieve.ts searches named files (F=1: as a review cell searches its row's file).
 *
 * With --range-split: instead, the same searches with and without the rowid-range split
 * (split-search.ts: half the ranking on a helper thread), interleaved question by question: the
 * whole query through index.search, and the common-terms search (searchPassages, a real query's
 * path), with CPU time per search. --split-rows sets the split's threshold (default SPLIT_MIN_ROWS;
 * 1 splits every search of the room, to see what the split does to a small room).
 *
 * With --pruned: the same two searches on an index that ranks every workspace-wide search whole and
 * on one that prunes (pruned-ranking.ts: only passages holding two of the words are ranked when that
 * provably gives the same best passages), both with the range split as the server has it (or on one
 * thread each with --range-split-off), interleaved, with how many whole queries were pruned and
 * whether the results agree.
 *
 * With --folio-bm25: the same two searches ranked with FTS5's own bm25() and with folio_bm25
 * (src/db/fts/folio-bm25.c: the same scores, with passage lengths and word counts kept in memory), both
 * pruned and split as the server has them (or on one thread each with --range-split-off),
 * interleaved, with whether the results agree.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import BetterSqlite3 from 'better-sqlite3';
import { missingDataReason, sharedDataPath } from '../test/support/shared-data.js';
import { chunkPages } from '../src/modules/documents/passages/chunking.js';
import { createSqlitePassageIndex, createSqlitePassageWriter } from '../src/modules/documents/passages/sqlite-passage-index.js';
import type { PassageHit, PassageIndex } from '../src/modules/documents/passages/passage-index.js';
import { createRangeSearchHelper, type RangeSearchHelper } from '../src/modules/documents/passages/range-search-helper.js';
import { SPLIT_MIN_ROWS } from '../src/modules/documents/passages/split-search.js';
import { prunedPlan, rankPruned } from '../src/modules/documents/passages/pruned-ranking.js';
import type { Ranked } from '../src/modules/documents/passages/range-ranking.js';
import { workspaceFtsTable } from '../src/modules/documents/passages/workspace-fts.js';
import { plainOrWords } from '../src/db/fts/fts-expression.js';
import { searchPassages } from '../src/modules/documents/passages/passage-search.js';
import { analyzeQuestion, toFtsQuery } from '../src/text/query-analysis.js';
import { COMMON_TERM_SHARE, splitCommonTerms } from '../src/text/common-terms.js';
import { PASSAGE_TERM_SHARE, singleWordStems, withoutUbiquitousTerms } from '../src/text/ubiquitous-terms.js';
import { loadCuadQuestions } from '../eval/workspace/cuad-questions.js';
import { rewriteContract } from './support/synthetic-room.js';
import { SCALE_QUESTIONS } from './support/scale-questions.js';

const { values } = parseArgs({
  options: {
    docs: { type: 'string' },
    db: { type: 'string' },
    questions: { type: 'string' },
    rounds: { type: 'string' },
    share: { type: 'string' },
    rescored: { type: 'string' },
    verbose: { type: 'boolean' },
    files: { type: 'string' },
    'range-split': { type: 'boolean' },
    'split-rows': { type: 'string' },
    pruned: { type: 'boolean' },
    'range-split-off': { type: 'boolean' },
    'folio-bm25': { type: 'boolean' },
  },
});
const DOCS = Number(values.docs ?? 20_000);
const ROUNDS = Number(values.rounds ?? 3);
const EVAL_QUESTIONS = Number(values.questions ?? 48);
const SHARE = Number(values.share ?? COMMON_TERM_SHARE);
const RESCORED = values.rescored ? Number(values.rescored) : undefined;
const CANDIDATES = 60;
/** Files each named-contract question is also searched within: 5 as retrieve.ts names at most, 1 as a review cell reads a row. */
const FILES = Number(values.files ?? 5);
const BENCH_QUESTIONS = SCALE_QUESTIONS;

const cuadDir = sharedDataPath('documents', 'cuad');
if (!cuadDir) {
  console.log(`common-terms bench ${missingDataReason('documents', 'cuad')}`);
  process.exit(0);
}
const dbPath = values.db ?? ':memory:';
const fresh = dbPath === ':memory:' || !existsSync(dbPath);
const db = new BetterSqlite3(dbPath);
const WS = 1;
if (fresh) buildRoom(db, join(cuadDir, 'txt'));

/** The tables the passage index reads, and N documents' passages written through its own writer. */
function buildRoom(db: BetterSqlite3.Database, txtDir: string): void {
  const started = performance.now();
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.exec(`
    create table files (id integer primary key, workspace_id integer not null, file_name text not null, status text not null);
    create table passages (id integer primary key, workspace_id integer not null, file_id integer not null, ordinal integer not null,
      page integer, start_offset integer not null, end_offset integer not null, text text not null, clause_tags text not null default '{}');
    create index passages_file on passages (workspace_id, file_id, ordinal);`);
  const names = readdirSync(txtDir).filter((n) => n.endsWith('.txt')).sort();
  const bases = names.map((n) => readFileSync(join(txtDir, n), 'utf8'));
  const writer = createSqlitePassageWriter(db);
  const addFile = db.prepare("insert into files (id, workspace_id, file_name, status) values (?, ?, ?, 'ready')");
  const batch = db.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const text = rewriteContract(bases[i % bases.length] ?? '', i, 250);
      addFile.run(i + 1, WS, names[i % names.length] ?? 'contract.txt');
      writer.replaceFile(WS, i + 1, chunkPages([{ page: 1, text }]));
    }
  });
  for (let i = 0; i < DOCS; i += 500) {
    batch(i, Math.min(DOCS, i + 500));
    console.log(`room: ${Math.min(DOCS, i + 500)} documents, ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
}

const index = createSqlitePassageIndex(db, { split: false });
const evalQuestions = loadCuadQuestions(cuadDir);
// A fixed spread over the eval's questions (every k-th), so runs compare the same ones.
const step = Math.max(1, Math.floor(evalQuestions.length / Math.max(1, EVAL_QUESTIONS)));
const chosen = evalQuestions.filter((_, i) => i % step === 0).slice(0, EVAL_QUESTIONS);
const questions = [...BENCH_QUESTIONS, ...chosen.map((q) => q.question)];
// A question naming a contract is also searched within the files it names (retrieve.ts): here the
// first FILES of the room's rewrites of that contract.
const fileOf = db.prepare('select id from files where workspace_id = ? and file_name = ? order by id limit ?').pluck();
const namedFiles = new Map(chosen.map((q) => [q.question, fileOf.all(WS, q.txtFile, FILES) as number[]]));
const fts = { expansions: true, expansionPhrases: false } as const;

interface Prepared {
  question: string;
  wholeFts: string | null;
  run: { whole: () => Promise<PassageHit[]>; split: () => Promise<PassageHit[]>; wholeNamed?: () => Promise<PassageHit[]>; splitNamed?: () => Promise<PassageHit[]> };
  splitKind: string;
  /** The same two workspace-wide searches on another index (the range-split arm). */
  on: (other: PassageIndex) => { whole: () => Promise<PassageHit[]>; common: () => Promise<PassageHit[]> };
}
const prepared: Prepared[] = [];
for (const question of questions) {
  const analysis = analyzeQuestion(question);
  const counts = await index.termFrequencies(WS, singleWordStems(analysis));
  const searched = withoutUbiquitousTerms(analysis, counts, PASSAGE_TERM_SHARE);
  const wholeFts = toFtsQuery(searched, fts);
  const split = splitCommonTerms(searched, counts, SHARE);
  const rareFts = split ? toFtsQuery(split.rare, fts) : null;
  const named = namedFiles.get(question);
  prepared.push({
    question,
    wholeFts,
    splitKind: !split ? 'searched whole' : !rareFts ? 'no rare term' : `${split.common.length} common`,
    on: (other) => ({
      whole: async () => (wholeFts ? other.search(WS, wholeFts, CANDIDATES) : []),
      common: () => searchPassages(other, WS, searched, counts, CANDIDATES, { fts, commonShare: SHARE, rescored: RESCORED }),
    }),
    run: {
      whole: async () => (wholeFts ? index.search(WS, wholeFts, CANDIDATES) : []),
      split: () => searchPassages(index, WS, searched, counts, CANDIDATES, { fts, commonShare: SHARE, rescored: RESCORED }),
      ...(named && named.length > 0 && wholeFts
        ? {
            wholeNamed: () => index.search(WS, wholeFts, CANDIDATES, named),
            splitNamed: () => searchPassages(index, WS, searched, counts, CANDIDATES, { fts, commonShare: SHARE, fileIds: named }),
          }
        : {}),
    },
  });
}

/** Per question, its times: the bench:scale questions and the eval's are reported apart. */
const perNamed = new Map<string, { whole: number[]; split: number[] }>();
const namedResults = new Map<string, { whole: PassageHit[]; split: PassageHit[] }>();
const ids = (hits: PassageHit[], n: number) => hits.slice(0, n).map((h) => h.passageId);
const perQuestion = new Map<string, { whole: number[]; split: number[] }>(questions.map((q) => [q, { whole: [], split: [] }]));
const results = new Map<string, { whole: PassageHit[]; split: PassageHit[] }>();
const timed = async (f: () => Promise<PassageHit[]>, into: number[]): Promise<PassageHit[]> => {
  const started = performance.now();
  const hits = await f();
  into.push(performance.now() - started);
  return hits;
};
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? 0;

if (values['range-split'] || values.pruned || values['folio-bm25']) {
  await (values['folio-bm25'] ? compareRanking() : values.pruned ? comparePruned() : compareRangeSplit());
  db.close();
  process.exit(0);
}

// Warm both (statement caches, term counts, page cache), then alternate which runs first.
for (const p of prepared) {
  await p.run.whole();
  await p.run.split();
}
for (let round = 0; round < ROUNDS; round++) {
  for (const [i, p] of prepared.entries()) {
    const order = (round + i) % 2 === 0 ? (['whole', 'split'] as const) : (['split', 'whole'] as const);
    const got: Partial<Record<'whole' | 'split', PassageHit[]>> = {};
    for (const kind of order) got[kind] = await timed(p.run[kind], perQuestion.get(p.question)![kind]);
    results.set(p.question, { whole: got.whole ?? [], split: got.split ?? [] });
    if (p.run.wholeNamed && p.run.splitNamed) {
      const times = perNamed.get(p.question) ?? perNamed.set(p.question, { whole: [], split: [] }).get(p.question)!;
      const a = await timed(p.run.wholeNamed, times.whole);
      const b = await timed(p.run.splitNamed, times.split);
      namedResults.set(p.question, { whole: a, split: b });
    }
  }
}
const named8 = [...namedResults.values()].filter((r) => ids(r.whole, 8).join() === ids(r.split, 8).join()).length;
const named60 = [...namedResults.values()].filter((r) => ids(r.whole, 60).join() === ids(r.split, 60).join()).length;
const namedTimes = (kind: 'whole' | 'split') => [...perNamed.values()].flatMap((t) => t[kind]);

let same8 = 0;
let sameSet8 = 0;
let overlap60 = 0;
const kinds = new Map<string, number>();
const differing: string[] = [];
for (const p of prepared) {
  const r = results.get(p.question)!;
  kinds.set(p.splitKind.replace(/^\d+ /, 'n '), (kinds.get(p.splitKind.replace(/^\d+ /, 'n ')) ?? 0) + 1);
  const a8 = ids(r.whole, 8);
  const b8 = ids(r.split, 8);
  if (a8.join() === b8.join()) same8++;
  else differing.push(`  ${p.question} [${p.splitKind}]: whole ${a8.join(',')} | split ${b8.join(',')}`);
  if (new Set(a8).size === new Set([...a8, ...b8]).size && a8.length === b8.length) sameSet8++;
  const b60 = new Set(ids(r.split, 60));
  overlap60 += ids(r.whole, 60).filter((id) => b60.has(id)).length / Math.max(1, Math.min(60, r.whole.length));
}
const passages = Number(db.prepare('select count(*) from passages').pluck().get());
console.log(`room: ${DOCS} documents, ${passages} passages; ${prepared.length} questions x ${ROUNDS} rounds; common share ${SHARE}, rescored ${RESCORED ?? 'default'}`);
console.log(`split: ${[...kinds].map(([k, n]) => `${k}: ${n}`).join(', ')}`);
for (const [label, from, to] of [['bench:scale questions', 0, BENCH_QUESTIONS.length], ['eval questions', BENCH_QUESTIONS.length, questions.length], ['all', 0, questions.length]] as const) {
  const of = (kind: 'whole' | 'split') => questions.slice(from, to).flatMap((q) => perQuestion.get(q)![kind]);
  console.log(`${label.padEnd(22)} whole query  : p50 ${pct(of('whole'), 0.5).toFixed(1)} ms, p95 ${pct(of('whole'), 0.95).toFixed(1)} ms`);
  console.log(`${label.padEnd(22)} common terms : p50 ${pct(of('split'), 0.5).toFixed(1)} ms, p95 ${pct(of('split'), 0.95).toFixed(1)} ms`);
}
console.log(`within named files (${perNamed.size} questions, ${FILES} files each): whole query p50 ${pct(namedTimes('whole'), 0.5).toFixed(1)} ms, p95 ${pct(namedTimes('whole'), 0.95).toFixed(1)} ms; common terms p50 ${pct(namedTimes('split'), 0.5).toFixed(1)} ms, p95 ${pct(namedTimes('split'), 0.95).toFixed(1)} ms; top-8 identical ${named8}/${namedResults.size}, top-60 identical ${named60}/${namedResults.size}`);
if (values.verbose) {
  const median = (xs: number[]) => pct(xs, 0.5).toFixed(1);
  for (const p of prepared) console.log(`  ${median(perQuestion.get(p.question)!.whole).padStart(6)} → ${median(perQuestion.get(p.question)!.split).padStart(6)} ms [${p.splitKind}] ${p.question}`);
}
console.log(`top-8 identical (order): ${same8}/${prepared.length}; same set: ${sameSet8}/${prepared.length}; top-60 overlap: ${((overlap60 / prepared.length) * 100).toFixed(1)}%`);
for (const line of differing) console.log(line);
db.close();

/** The searches without the range split and with it (its helper thread started and ready first). */
async function compareRangeSplit(): Promise<void> {
  if (dbPath === ':memory:') throw new Error('--range-split needs --db: an in-memory room cannot be split');
  let splits = 0;
  const thread = createRangeSearchHelper(dbPath);
  const helper: RangeSearchHelper = { ...thread, rankAbove: (...args) => (splits++, thread.rankAbove(...args)) };
  const minRows = Number(values['split-rows'] ?? SPLIT_MIN_ROWS);
  const splitIndex = createSqlitePassageIndex(db, { split: { minRows, helper } });
  for (const started = Date.now(); !helper.idle(); await new Promise((r) => setTimeout(r, 20))) {
    if (Date.now() - started > 60_000) throw new Error('the range-search thread did not start');
  }
  await compareIndexes(index, splitIndex, { local: 'one thread', split: 'range split' }, `range split from ${minRows} rows`, () => `helper ranges run: ${splits}`);
  await splitIndex.close();
}

/** The searches on an index that never prunes (local) and on one that prunes (split), both with the range split unless --range-split-off. */
async function comparePruned(): Promise<void> {
  // Both as the server searches: split over two threads where the range split takes.
  const split = values['range-split-off'] ? false : {};
  const pruning = createSqlitePassageIndex(db, { split });
  const whole = createSqlitePassageIndex(db, { split, prune: false });
  // Whether each question's whole query is pruned (the index falls back to the whole ranking when
  // pruning cannot prove its result), decided here as the index decides it.
  const table = workspaceFtsTable(WS);
  const rank = db.prepare(`select rowid as id, -bm25(${table}) as score from ${table} where ${table} match ? order by bm25(${table}) limit ?`);
  let pruned = 0;
  let planned = 0;
  for (const p of prepared) {
    const words = p.wholeFts ? plainOrWords(p.wholeFts) : null;
    const counts = words ? await index.termFrequencies(WS, words.map((w) => w.stem)) : null;
    const plan = words && counts ? prunedPlan(words.map((w) => ({ text: w.text, documents: counts.frequencies.get(w.stem) ?? 0 })), counts.total) : null;
    if (!plan) continue;
    planned++;
    if (await rankPruned(plan, CANDIDATES * 2, (part, n) => rank.all(part, n) as Ranked[])) pruned++;
  }
  const outcome = `whole queries pruned: ${pruned} of ${prepared.length} (${planned} with a plan)`;
  await compareIndexes(whole, pruning, { local: 'whole ranking', split: 'pruned' }, split ? 'range split on' : 'one thread each', () => outcome);
  await whole.close();
  await pruning.close();
}

/** The searches ranked with FTS5's bm25 (local) and with folio_bm25 (split), both as the server has them (split and pruned) unless --range-split-off. */
async function compareRanking(): Promise<void> {
  const split = values['range-split-off'] ? false : {};
  const fts5 = createSqlitePassageIndex(db, { split, ranking: 'bm25' });
  const folio = createSqlitePassageIndex(db, { split });
  await compareIndexes(fts5, folio, { local: 'FTS5 bm25', split: 'folio_bm25' }, split ? 'range split on' : 'one thread each', () => '');
  await fts5.close();
  await folio.close();
}

/**
 * Each question's whole-query search and common-terms search on two indexes over the same room
 * (`local`, the baseline, and `split`), alternating which goes first, with CPU time per search.
 * Agreement: the same passages with the same scores (1e-9), passages of equal score in any order.
 */
async function compareIndexes(local: PassageIndex, other: PassageIndex, names: Record<'local' | 'split', string>, setting: string, extra: () => string): Promise<void> {
  const arms = ['whole', 'common'] as const;
  type Times = Record<'local' | 'split', number[]>;
  const times = new Map(questions.map((q) => [q, Object.fromEntries(arms.map((a) => [a, { local: [], split: [] } as Times])) as Record<(typeof arms)[number], Times>]));
  const disagree = new Map(arms.map((a) => [a, new Set<string>()]));
  const same = (a: PassageHit[], b: PassageHit[]) => {
    if (a.length !== b.length) return false;
    if (!a.every((h, i) => Math.abs(h.score - b[i]!.score) <= 1e-9 * Math.max(1, Math.abs(h.score)))) return false;
    const last = (a[a.length - 1]?.score ?? 0) + 1e-9;
    const above = (hits: PassageHit[]) => hits.filter((h) => h.score > last).map((h) => h.passageId).sort((x, y) => x - y).join();
    return above(a) === above(b);
  };
  // CPU time of the whole process (both threads) per search: what the split costs beside what it saves.
  const cpu = Object.fromEntries(arms.map((a) => [a, { local: 0, split: 0 }])) as Record<(typeof arms)[number], Record<'local' | 'split', number>>;
  // Twice each, so that a helper thread started on first use is ready before the rounds.
  for (let warm = 0; warm < 2; warm++) for (const p of prepared) for (const arm of arms) for (const ix of [local, other]) await p.on(ix)[arm]();
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, p] of prepared.entries()) {
      for (const arm of arms) {
        const runs = { local: p.on(local)[arm], split: p.on(other)[arm] };
        const order = (round + i) % 2 === 0 ? (['local', 'split'] as const) : (['split', 'local'] as const);
        const got: Partial<Record<'local' | 'split', PassageHit[]>> = {};
        for (const kind of order) {
          const before = process.cpuUsage();
          got[kind] = await timed(runs[kind], times.get(p.question)![arm][kind]);
          const used = process.cpuUsage(before);
          cpu[arm][kind] += (used.user + used.system) / 1000;
        }
        if (!same(got.local!, got.split!)) disagree.get(arm)!.add(p.question);
      }
    }
  }
  const passages = Number(db.prepare('select count(*) from passages').pluck().get());
  console.log(`room: ${DOCS} documents, ${passages} passages; ${prepared.length} questions x ${ROUNDS} rounds; ${setting}; ${new Date().toISOString()}`);
  for (const [label, from, to] of [['bench:scale questions', 0, BENCH_QUESTIONS.length], ['eval questions', BENCH_QUESTIONS.length, questions.length], ['all', 0, questions.length]] as const) {
    for (const arm of arms) {
      const of = (kind: 'local' | 'split') => questions.slice(from, to).flatMap((q) => times.get(q)![arm][kind]);
      const name = arm === 'whole' ? 'whole query' : 'common terms';
      console.log(`${label.padEnd(22)} ${name.padEnd(12)}: ${names.local} p50 ${pct(of('local'), 0.5).toFixed(1)} ms, p95 ${pct(of('local'), 0.95).toFixed(1)} ms; ${names.split} p50 ${pct(of('split'), 0.5).toFixed(1)} ms, p95 ${pct(of('split'), 0.95).toFixed(1)} ms`);
    }
  }
  if (values.verbose) {
    const median = (xs: number[]) => pct(xs, 0.5).toFixed(1).padStart(6);
    for (const q of questions) console.log(`  whole ${median(times.get(q)!.whole.local)} → ${median(times.get(q)!.whole.split)} ms; common ${median(times.get(q)!.common.local)} → ${median(times.get(q)!.common.split)} ms  ${q}`);
  }
  const perSearch = (ms: number) => (ms / (ROUNDS * prepared.length)).toFixed(1);
  console.log(`CPU per search (all threads): ${arms.map((a) => `${a === 'whole' ? 'whole query' : 'common terms'} ${names.local} ${perSearch(cpu[a].local)} ms, ${names.split} ${perSearch(cpu[a].split)} ms`).join('; ')}`);
  console.log(`${[extra(), 'results agree'].filter((x) => x !== '').join('; ')}: ${arms.map((a) => `${a} ${prepared.length - disagree.get(a)!.size}/${prepared.length}`).join(', ')}`);
  for (const [arm, list] of disagree) for (const q of list) console.log(`  differs (${arm}): ${q}`);
}

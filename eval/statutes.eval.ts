/**
 * `npm run eval:statutes [-- --questions PATH] [--contractnli PATH] [--in-process] [--sets A,B,tune,new,unanswerable]`
 *
 * Loads every statute corpus of the shared data through the CLI (cached in .tmp/statutes-corpus/
 * between runs), serves it with the production build and measures over HTTP, per set:
 * - dev half A (the only one tuned on) and dev half B: the shared dev questions split by a stable
 *   hash of their id (eval/statutes/split.ts);
 * - tune: assertions and questions written from sections picked at random with seeds of their
 *   own, which the verdict rules, ranking and confidence may be tuned on
 *   (eval/statutes/tune-checks.jsonl, tune-questions.jsonl);
 * - new: 30 questions and 24 assertions written from sections picked at random
 *   (eval/statutes/random-questions.jsonl, random-checks.jsonl: for each of 12 sections a faithful
 *   paraphrase, SUPPORTED, and one with a changed element, CONTRADICTED; never tuned on);
 * - unanswerable: questions the loaded titles cannot answer and absurd assertions
 *   (eval/statutes/unanswerable.jsonl), reported as abstention rates.
 * Figures: recall@1/@5, check accuracy (and how often the right verdict also cites a gold section)
 * with per-verdict F1 and the confusion matrix, compare
 * gold-in-top-5, HIGH/MEDIUM/LOW hit rates, abstention, and latency (ask; a 4-jurisdiction compare).
 * `--in-process` skips the build and the server (quick tuning; latency then is not HTTP latency).
 * `--backends sqlite,postgres` (the default) serves the same corpus from each backend (PostgreSQL's
 * copied with `folio migrate-data`) and prints the headline figures side by side.
 */
import { dirname, join, resolve } from 'node:path';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildProduction, folio, startProductionServer } from '../bench/support/production-server.js';
import { benchDatabase, chosenBackends, type BenchBackend } from '../bench/support/bench-database.js';
import { formatSideBySide, type BackendFigures } from '../bench/support/side-by-side.js';
import { missingDataReason, sharedDataDir, sharedDataPath } from '../test/support/shared-data.js';
import { formatContractNliReport, runContractNli } from './contractnli.js';
import { cachedCorpus, copyCorpus } from './statutes/corpus.js';
import { httpEngine, inProcessEngine, type Engine } from './statutes/engine.js';
import { loadItems, type EvalItem } from './statutes/items.js';
import { formatSet, scoreSet, type SetReport } from './statutes/metrics.js';
import { runItems } from './statutes/run-items.js';
import { halfOf } from './statutes/split.js';
import { percentile } from './workspace/metrics.js';
import { systemClock } from '../src/shared/clock.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: { questions: { type: 'string' }, contractnli: { type: 'string' }, 'in-process': { type: 'boolean' }, sets: { type: 'string' }, backends: { type: 'string' } },
});
const questionsPath = values.questions ?? sharedDataPath('questions', 'statute-dev.jsonl');
const contractNliPath = values['in-process'] ? null : (values.contractnli ?? sharedDataPath('nli', 'contractnli', 'dev.json'));
const wanted = new Set((values.sets ?? 'A,B,tune,new,unanswerable').split(','));

async function withEngine(backend: BenchBackend, dataDir: string, run: (engine: Engine) => Promise<void>): Promise<void> {
  if (values['in-process']) {
    const { openSqliteStore } = await import('../src/db/open.js');
    const { createStatutesRepository } = await import('../src/modules/statutes/storage/statutes.repository.js');
    const opened = await openSqliteStore(dataDir);
    try {
      await run(inProcessEngine({ statutes: createStatutesRepository({ db: opened.store.db }), search: opened.statuteSearch, clock: systemClock }));
    } finally {
      await opened.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
    return;
  }
  const database = await benchDatabase(backend, dataDir);
  if (backend === 'postgres') {
    // The corpus reaches PostgreSQL the way an operator's would: `folio migrate-data` from the SQLite folder.
    const started = performance.now();
    const copied = folio(dataDir, ['migrate-data', '--from', dataDir, '--to', database.env.FOLIO_DATABASE_URL ?? '']) as { rows: number };
    console.log(`folio migrate-data: ${copied.rows} rows into PostgreSQL in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const server = await startProductionServer({}, 'statutes:read', dataDir, database);
  try {
    // This process's first request to the server opens the connection and sets up its HTTP client:
    // tens of milliseconds of the client's own, which the first timed question would otherwise carry.
    await (await fetch(`${server.url}/healthz`)).text();
    await run(httpEngine(server.url, server.key));
  } finally {
    await server.stop();
  }
}

if (!questionsPath || !sharedDataPath('statutes')) {
  console.log(`eval:statutes (statute questions) ${missingDataReason('questions', 'statute-dev.jsonl')}`);
} else {
  // The corpus is imported with the compiled CLI, and the server is the compiled one.
  buildProduction();
  const started = performance.now();
  const cache = cachedCorpus(sharedDataDir(), repoRoot);
  console.log(`corpora ready in ${((performance.now() - started) / 1000).toFixed(1)} s (${cache})`);
  const dev = loadItems(questionsPath);
  const tune = ['tune-checks.jsonl', 'tune-questions.jsonl'].flatMap((f) => loadItems(join(repoRoot, 'eval', 'statutes', f)));
  const checks = tune.filter((i) => i.task === 'check').length;
  const sets: Array<[string, EvalItem[]]> = [
    ['dev half A (tuned on)', dev.filter((i) => halfOf(i.id) === 'A')],
    ['dev half B (held out)', dev.filter((i) => halfOf(i.id) === 'B')],
    [`tune: ${checks} assertions and ${tune.length - checks} questions from random sections (tuned on)`, tune],
    ['new: 30 questions and 24 assertions from random sections', ['random-questions.jsonl', 'random-checks.jsonl'].flatMap((f) => loadItems(join(repoRoot, 'eval', 'statutes', f)))],
    ['unanswerable questions and absurd assertions', loadItems(join(repoRoot, 'eval', 'statutes', 'unanswerable.jsonl'))],
  ];
  const keys = ['A', 'B', 'tune', 'new', 'unanswerable'];
  const backends: BenchBackend[] = values['in-process'] ? ['sqlite'] : await chosenBackends(values.backends);
  const runs: BackendFigures[] = [];
  for (const backend of backends) {
    console.log(`\n#### backend: ${backend}`);
    const figures: Record<string, number> = {};
    runs.push({ backend, figures });
    await withEngine(backend, copyCorpus(cache), async (engine) => {
      console.log(`statute questions: ${questionsPath}`);
      for (const [i, [name, items]] of sets.entries()) {
        if (!wanted.has(keys[i] ?? '')) continue;
        const outcomes = await runItems(engine, items);
        const report = scoreSet(outcomes.asks, outcomes.checks, outcomes.compares);
        Object.assign(figures, headline(keys[i] ?? '', report));
        for (const line of formatSet(name, report)) console.log(line);
        if (process.env.EVAL_VERBOSE) {
          for (const a of outcomes.asks) console.log(`    ${a.item.id} ${a.confidence} ${a.ms.toFixed(0)} ms gold=${a.item.gold.join('|') || '-'} got=${a.codes.slice(0, 5).join('|')}`);
          for (const c of outcomes.checks) console.log(`    ${c.item.id} ${c.ms.toFixed(0)} ms gold=${c.item.verdict} got=${c.verdict}: ${c.explanation}`);
          for (const c of outcomes.compares) for (const r of c.results) console.log(`    ${c.item.id} ${r.jurisdiction} ${r.confidence ?? ''} gold=${(c.item.gold[r.jurisdiction] ?? []).join('|') || '-'} got=${r.codes.join('|')}`);
        }
      }
      const asks = dev.filter((i) => i.task === 'ask');
      const latency: number[] = [];
      for (const item of asks) latency.push((await engine.post('/v1/compare', { question: item.question, jurisdictions: ['DC', 'US', 'VA', 'CO'] })).ms);
      console.log(`4-jurisdiction compare over the ${asks.length} dev ask questions: p50 ${percentile(latency, 50).toFixed(1)} ms, p95 ${percentile(latency, 95).toFixed(1)} ms (goal p95 < 300; ask goal p95 < 100)`);
      figures['compare p95 ms'] = percentile(latency, 95);
    });
  }
  for (const line of formatSideBySide('statute research', runs)) console.log(line);
}

/** The figures of a set compared across backends, named by the set. */
function headline(set: string, r: SetReport): Record<string, number> {
  const out: Record<string, number> = {};
  const rate = (a: number, b: number) => a / Math.max(1, b);
  if (r.answerable > 0) Object.assign(out, { [`${set} recall@1`]: rate(r.at1, r.answerable), [`${set} recall@5`]: rate(r.at5, r.answerable) });
  if (r.levels.HIGH?.n) out[`${set} HIGH precision`] = rate(r.levels.HIGH.hit, r.levels.HIGH.n);
  if (r.unanswerable > 0) out[`${set} unanswerable LOW`] = rate(r.unanswerableLow, r.unanswerable);
  if (r.checks > 0) Object.assign(out, { [`${set} check accuracy`]: rate(r.checkCorrect, r.checks), [`${set} check grounded`]: rate(r.checkGrounded, r.checks) });
  if (r.absurd > 0) out[`${set} absurd not SUPPORTED`] = rate(r.absurdNotSupported, r.absurd);
  if (r.compareGold > 0) out[`${set} compare gold@5`] = rate(r.compareHits, r.compareGold);
  return out;
}

if (!contractNliPath) {
  console.log(values['in-process'] ? 'eval:statutes (ContractNLI) skipped in --in-process mode' : `eval:statutes (ContractNLI) ${missingDataReason('nli', 'contractnli', 'dev.json')}`);
} else {
  console.log(formatContractNliReport(await runContractNli(contractNliPath)));
}

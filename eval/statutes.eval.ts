/**
 * `npm run eval:statutes [-- --questions PATH] [--contractnli PATH]`: loads every statute corpus of
 * the shared data through the CLI, serves it with the production build, and measures over HTTP:
 * ask recall@1/@5 of the gold section, check accuracy and per-verdict F1, confidence calibration,
 * compare recall, and latency (ask; a 4-jurisdiction compare). Then ContractNLI through the
 * verdict module. Every figure is measured in this run.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildProduction, startProductionServer } from '../bench/support/production-server.js';
import { missingDataReason, sharedDataDir, sharedDataPath } from '../test/support/shared-data.js';
import { formatContractNliReport, runContractNli } from './contractnli.js';
import { importPublications, sharedPublications } from './statutes/corpus.js';
import { loadItems, type AskItem, type CheckItem, type CompareItem } from './statutes/items.js';
import { percentile } from './workspace/metrics.js';

const { values } = parseArgs({ options: { questions: { type: 'string' }, contractnli: { type: 'string' } } });
const questionsPath = values.questions ?? sharedDataPath('questions', 'statute-dev.jsonl');
const contractNliPath = values.contractnli ?? sharedDataPath('nli', 'contractnli', 'dev.json');

interface Citation { code: string }
const post = async (url: string, key: string, path: string, body: unknown) => {
  const started = performance.now();
  const response = await fetch(url + path, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = (await response.json()) as Record<string, unknown>;
  if (response.status !== 200) throw new Error(`${path} ${response.status}: ${JSON.stringify(json)}`);
  return { json, ms: performance.now() - started };
};
const pct = (a: number, b: number) => `${((100 * a) / Math.max(1, b)).toFixed(1)}%`;

if (!questionsPath || !sharedDataPath('statutes')) {
  console.log(`eval:statutes (statute questions) ${missingDataReason('questions', 'statute-dev.jsonl')}`);
} else {
  buildProduction();
  const dataDir = mkdtempSync(join(tmpdir(), 'folio-eval-statutes-'));
  const importStarted = performance.now();
  importPublications(dataDir, sharedPublications(sharedDataDir()));
  console.log(`corpora imported in ${((performance.now() - importStarted) / 1000).toFixed(1)} s`);
  const server = await startProductionServer({}, 'statutes:read', dataDir);
  try {
    const items = loadItems(questionsPath);
    const asks = items.filter((i): i is AskItem => i.task === 'ask');
    const checks = items.filter((i): i is CheckItem => i.task === 'check');
    const compares = items.filter((i): i is CompareItem => i.task === 'compare');

    const askLatency: number[] = [];
    let at1 = 0;
    let at5 = 0;
    let hints = 0;
    const calibration = new Map<string, { n: number; correct: number }>();
    for (const item of asks) {
      const { json, ms } = await post(server.url, server.key, '/v1/ask', { question: item.question, jurisdiction: item.jurisdiction, ...(item.as_of ? { as_of: item.as_of } : {}) });
      askLatency.push(ms);
      const codes = (json.citations as Citation[]).map((c) => c.code);
      const first = item.gold.includes(codes[0] ?? '');
      if (first) at1++;
      if (codes.slice(0, 5).some((c) => item.gold.includes(c))) at5++;
      if (item.answer_hint && String(json.answer).toLowerCase().includes(item.answer_hint.toLowerCase())) hints++;
      const level = String(json.confidence);
      const c = calibration.get(level) ?? { n: 0, correct: 0 };
      calibration.set(level, { n: c.n + 1, correct: c.correct + (first ? 1 : 0) });
    }

    const labels = ['SUPPORTED', 'CONTRADICTED', 'NO_MATCH'] as const;
    const confusion = new Map<string, number>();
    let checkCorrect = 0;
    const checkLatency: number[] = [];
    for (const item of checks) {
      const { json, ms } = await post(server.url, server.key, '/v1/check', { assertion: item.assertion, jurisdiction: item.jurisdiction, ...(item.as_of ? { as_of: item.as_of } : {}) });
      checkLatency.push(ms);
      const verdict = String(json.verdict);
      if (verdict === item.verdict) checkCorrect++;
      confusion.set(`${item.verdict}>${verdict}`, (confusion.get(`${item.verdict}>${verdict}`) ?? 0) + 1);
    }

    let compareHits = 0;
    let compareGold = 0;
    let compareEmptyDeclined = 0;
    let compareEmpty = 0;
    for (const item of compares) {
      const { json } = await post(server.url, server.key, '/v1/compare', { question: item.question, jurisdictions: item.jurisdictions });
      for (const entry of json.results as Array<{ jurisdiction: string; answer: string; citations: Citation[] }>) {
        const gold = item.gold[entry.jurisdiction] ?? [];
        if (gold.length === 0) {
          compareEmpty++;
          if (/no provision/i.test(entry.answer)) compareEmptyDeclined++;
        } else {
          compareGold++;
          if (entry.citations.slice(0, 5).some((c) => gold.includes(c.code))) compareHits++;
        }
      }
    }
    const compareLatency: number[] = [];
    for (const item of asks) {
      const { ms } = await post(server.url, server.key, '/v1/compare', { question: item.question, jurisdictions: ['DC', 'US', 'VA', 'CO'] });
      compareLatency.push(ms);
    }

    console.log(`statute questions: ${asks.length} ask, ${checks.length} check, ${compares.length} compare (${questionsPath})`);
    console.log(`ask recall@1 ${pct(at1, asks.length)}, recall@5 ${pct(at5, asks.length)} (goal >= 80%); answer contains the hint phrase: ${pct(hints, asks.filter((a) => a.answer_hint).length)}`);
    console.log('ask confidence calibration (first citation is gold):');
    for (const level of ['HIGH', 'MEDIUM', 'LOW']) {
      const c = calibration.get(level) ?? { n: 0, correct: 0 };
      console.log(`  ${level.padEnd(6)} ${String(c.n).padStart(3)} answers, accuracy ${pct(c.correct, c.n)}`);
    }
    console.log(`check accuracy ${pct(checkCorrect, checks.length)} (goal >= 75%)`);
    for (const label of labels) {
      const tp = confusion.get(`${label}>${label}`) ?? 0;
      const predicted = labels.reduce((sum, g) => sum + (confusion.get(`${g}>${label}`) ?? 0), 0);
      const actual = labels.reduce((sum, p) => sum + (confusion.get(`${label}>${p}`) ?? 0), 0);
      const precision = predicted ? tp / predicted : 0;
      const recall = actual ? tp / actual : 0;
      const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
      console.log(`  ${label.padEnd(12)} gold ${actual}, predicted ${predicted}, P ${precision.toFixed(2)} R ${recall.toFixed(2)} F1 ${f1.toFixed(2)}`);
    }
    console.log(`  confusion (gold>predicted): ${[...confusion].map(([k, v]) => `${k}=${v}`).join(', ')}`);
    console.log(`compare: gold section in the top 5 for ${pct(compareHits, compareGold)} of addressed jurisdictions; "no provision" for ${pct(compareEmptyDeclined, compareEmpty)} of unaddressed ones`);
    console.log(`latency through HTTP: ask p50 ${percentile(askLatency, 50).toFixed(1)} ms, p95 ${percentile(askLatency, 95).toFixed(1)} ms (goal p95 < 100); check p95 ${percentile(checkLatency, 95).toFixed(1)} ms; 4-jurisdiction compare p50 ${percentile(compareLatency, 50).toFixed(1)} ms, p95 ${percentile(compareLatency, 95).toFixed(1)} ms (goal p95 < 300)`);
  } finally {
    await server.stop();
  }
}

if (!contractNliPath) {
  console.log(`eval:statutes (ContractNLI) ${missingDataReason('nli', 'contractnli', 'dev.json')}`);
} else {
  console.log(formatContractNliReport(await runContractNli(contractNliPath)));
}

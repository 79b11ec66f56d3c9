// ContractNLI evaluation of the assertion-verdict rules: each NDA is one provision, each of the 17
// hypotheses an assertion. Run: npx tsx eval/contractnli.ts --contractnli PATH [--limit N]
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decideVerdict } from '../src/modules/research/verdict/decide-verdict.js';
import type { Verdict } from '../src/modules/research/verdict/verdict.types.js';

const VERDICTS: Verdict[] = ['SUPPORTED', 'CONTRADICTED', 'NO_MATCH'];
const LABELS: Record<string, Verdict> = { Entailment: 'SUPPORTED', Contradiction: 'CONTRADICTED', NotMentioned: 'NO_MATCH' };

export interface ClassScores { precision: number; recall: number; f1: number; support: number }

export interface ContractNliReport {
  documents: number;
  decisions: number;
  accuracy: number;
  /** Accuracy of always answering the most frequent gold verdict. */
  majorityBaseline: { verdict: Verdict; accuracy: number };
  perClass: Record<Verdict, ClassScores>;
  macroF1: number;
  /** confusion[gold][predicted] */
  confusion: Record<Verdict, Record<Verdict, number>>;
  /** Per hypothesis (nda-N): its short description and accuracy. */
  perHypothesis: Array<{ key: string; description: string; accuracy: number; n: number }>;
  msPerDecision: { p50: number; p95: number; mean: number };
}

interface NliDocument {
  id: number | string;
  text: string;
  annotation_sets: Array<{ annotations: Record<string, { choice: string }> }>;
}
interface NliFile {
  documents: NliDocument[];
  labels: Record<string, { short_description: string; hypothesis: string }>;
}

function isNliFile(x: unknown): x is NliFile {
  if (typeof x !== 'object' || x === null) return false;
  const o = x as Record<string, unknown>;
  return Array.isArray(o.documents) && typeof o.labels === 'object' && o.labels !== null;
}

/** Runs decideVerdict on every (NDA, hypothesis) pair of a ContractNLI split and scores it. */
export async function runContractNli(path: string, options: { limit?: number } = {}): Promise<ContractNliReport> {
  const parsed: unknown = JSON.parse(await readFile(path, 'utf8'));
  if (!isNliFile(parsed)) throw new Error(`${path} is not a ContractNLI file ({documents, labels})`);
  const docs = options.limit === undefined ? parsed.documents : parsed.documents.slice(0, options.limit);
  const confusion = emptyConfusion();
  const times: number[] = [];
  const byHypothesis = new Map<string, { right: number; n: number }>();
  for (const doc of docs) {
    const provision = { id: `NDA ${doc.id}`, text: doc.text };
    const annotations = doc.annotation_sets[0]?.annotations ?? {};
    for (const [key, annotation] of Object.entries(annotations)) {
      const hypothesis = parsed.labels[key]?.hypothesis;
      const gold = LABELS[annotation.choice];
      if (hypothesis === undefined || gold === undefined) continue;
      const t0 = performance.now();
      const decision = decideVerdict(hypothesis, [provision]);
      times.push(performance.now() - t0);
      confusion[gold][decision.verdict]++;
      const h = byHypothesis.get(key) ?? { right: 0, n: 0 };
      h.n++;
      if (gold === decision.verdict) h.right++;
      byHypothesis.set(key, h);
    }
  }
  return score(confusion, docs.length, times, byHypothesis, parsed.labels);
}

function emptyConfusion(): Record<Verdict, Record<Verdict, number>> {
  const row = (): Record<Verdict, number> => ({ SUPPORTED: 0, CONTRADICTED: 0, NO_MATCH: 0 });
  return { SUPPORTED: row(), CONTRADICTED: row(), NO_MATCH: row() };
}

function score(
  confusion: Record<Verdict, Record<Verdict, number>>,
  documents: number,
  times: number[],
  byHypothesis: Map<string, { right: number; n: number }>,
  labels: NliFile['labels'],
): ContractNliReport {
  const total = VERDICTS.reduce((s, g) => s + VERDICTS.reduce((t, p) => t + confusion[g][p], 0), 0);
  const correct = VERDICTS.reduce((s, v) => s + confusion[v][v], 0);
  const perClass = {} as Record<Verdict, ClassScores>;
  for (const v of VERDICTS) {
    const tp = confusion[v][v];
    const predicted = VERDICTS.reduce((s, g) => s + confusion[g][v], 0);
    const support = VERDICTS.reduce((s, p) => s + confusion[v][p], 0);
    const precision = predicted === 0 ? 0 : tp / predicted;
    const recall = support === 0 ? 0 : tp / support;
    perClass[v] = { precision, recall, f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall), support };
  }
  const majority = VERDICTS.reduce((best, v) => (perClass[v].support > perClass[best].support ? v : best), 'SUPPORTED' as Verdict);
  const sorted = [...times].sort((a, b) => a - b);
  const pct = (p: number): number => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
  return {
    documents,
    decisions: total,
    accuracy: total === 0 ? 0 : correct / total,
    majorityBaseline: { verdict: majority, accuracy: total === 0 ? 0 : perClass[majority].support / total },
    perClass,
    macroF1: VERDICTS.reduce((s, v) => s + perClass[v].f1, 0) / VERDICTS.length,
    confusion,
    perHypothesis: [...byHypothesis.entries()]
      .map(([key, h]) => ({ key, description: labels[key]?.short_description ?? key, accuracy: h.right / h.n, n: h.n }))
      .sort((a, b) => a.key.localeCompare(b.key, 'en', { numeric: true })),
    msPerDecision: { p50: pct(0.5), p95: pct(0.95), mean: times.length === 0 ? 0 : times.reduce((a, b) => a + b, 0) / times.length },
  };
}

const pctText = (x: number): string => `${(x * 100).toFixed(1)}%`;

/** The report as a plain-text table. */
export function formatContractNliReport(r: ContractNliReport): string {
  const lines = [
    `ContractNLI: ${r.documents} documents, ${r.decisions} decisions`,
    `accuracy ${pctText(r.accuracy)}   majority baseline (${r.majorityBaseline.verdict}) ${pctText(r.majorityBaseline.accuracy)}   macro-F1 ${r.macroF1.toFixed(3)}`,
    '',
    'class          precision  recall   F1     support',
    ...VERDICTS.map((v) => {
      const c = r.perClass[v];
      return `${v.padEnd(14)} ${pctText(c.precision).padStart(9)} ${pctText(c.recall).padStart(7)} ${c.f1.toFixed(3).padStart(6)} ${String(c.support).padStart(8)}`;
    }),
    '',
    `confusion (rows gold, columns predicted)`,
    `${''.padEnd(14)} ${VERDICTS.map((v) => v.padStart(13)).join('')}`,
    ...VERDICTS.map((g) => `${g.padEnd(14)} ${VERDICTS.map((p) => String(r.confusion[g][p]).padStart(13)).join('')}`),
    '',
    'per hypothesis',
    ...r.perHypothesis.map((h) => `${h.key.padEnd(7)} ${pctText(h.accuracy).padStart(6)}  (n=${h.n})  ${h.description}`),
    '',
    `time per decision: p50 ${r.msPerDecision.p50.toFixed(2)} ms, p95 ${r.msPerDecision.p95.toFixed(2)} ms, mean ${r.msPerDecision.mean.toFixed(2)} ms`,
  ];
  return lines.join('\n');
}

function argValue(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const path = argValue(args, '--contractnli');
  if (path === undefined) {
    process.stderr.write('usage: npx tsx eval/contractnli.ts --contractnli PATH/dev.json [--limit N]\n');
    process.exitCode = 2;
    return;
  }
  const limitText = argValue(args, '--limit');
  const report = await runContractNli(path, limitText === undefined ? {} : { limit: Number(limitText) });
  process.stdout.write(`${formatContractNliReport(report)}\n`);
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
    process.exitCode = 1;
  });
}

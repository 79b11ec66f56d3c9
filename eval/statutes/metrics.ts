/**
 * The statute evaluation's figures for one set of items, from the responses the engine gave.
 * Pure: the runner (HTTP or in-process) collects the responses, this scores them.
 */
import { percentile } from '../workspace/metrics.js';
import type { AskItem, CheckItem, CompareItem } from './items.js';

export const VERDICTS = ['SUPPORTED', 'CONTRADICTED', 'NO_MATCH'] as const;
export const LEVELS = ['HIGH', 'MEDIUM', 'LOW'] as const;

export interface AskOutcome { item: AskItem; codes: string[]; confidence: string; answer: string; ms: number }
export interface CheckOutcome { item: CheckItem; verdict: string; explanation: string; codes: string[]; ms: number }
export interface CompareOutcome { item: CompareItem; results: Array<{ jurisdiction: string; codes: string[]; confidence?: string; answer: string }> }

export interface SetReport {
  asks: number;
  answerable: number;
  at1: number;
  at5: number;
  /** Per confidence level: answers at that level, and how many cite a gold section (an unanswerable question is never a hit). */
  levels: Record<string, { n: number; hit: number }>;
  unanswerable: number;
  unanswerableLow: number;
  checks: number;
  checkCorrect: number;
  /** Right verdict and, for SUPPORTED or CONTRADICTED, the first citation is a gold section: a verdict read off another section is right only by luck. */
  checkGrounded: number;
  confusion: Map<string, number>;
  absurd: number;
  absurdNotSupported: number;
  compareGold: number;
  compareHits: number;
  askMs: number[];
  checkMs: number[];
}

export function scoreSet(asks: AskOutcome[], checks: CheckOutcome[], compares: CompareOutcome[]): SetReport {
  const r: SetReport = {
    asks: asks.length, answerable: 0, at1: 0, at5: 0, levels: {}, unanswerable: 0, unanswerableLow: 0,
    checks: 0, checkCorrect: 0, checkGrounded: 0, confusion: new Map(), absurd: 0, absurdNotSupported: 0, compareGold: 0, compareHits: 0,
    askMs: asks.map((a) => a.ms), checkMs: checks.map((c) => c.ms),
  };
  for (const a of asks) {
    const level = (r.levels[a.confidence] ??= { n: 0, hit: 0 });
    level.n++;
    if (a.item.gold.length === 0) {
      r.unanswerable++;
      if (a.confidence === 'LOW') r.unanswerableLow++;
      continue;
    }
    r.answerable++;
    if (a.item.gold.includes(a.codes[0] ?? '')) r.at1++;
    if (a.codes.slice(0, 5).some((c) => a.item.gold.includes(c))) r.at5++;
    if (a.codes.some((c) => a.item.gold.includes(c))) level.hit++;
  }
  for (const c of checks) {
    if ((c.item as CheckItem & { kind?: string }).kind === 'absurd') {
      r.absurd++;
      if (c.verdict !== 'SUPPORTED') r.absurdNotSupported++;
      continue;
    }
    r.checks++;
    if (c.verdict === c.item.verdict) {
      r.checkCorrect++;
      if (c.verdict === 'NO_MATCH' || c.item.gold.includes(c.codes[0] ?? '')) r.checkGrounded++;
    }
    const key = `${c.item.verdict}>${c.verdict}`;
    r.confusion.set(key, (r.confusion.get(key) ?? 0) + 1);
  }
  for (const c of compares) {
    for (const entry of c.results) {
      const gold = c.item.gold[entry.jurisdiction] ?? [];
      if (gold.length === 0) continue;
      r.compareGold++;
      if (entry.codes.slice(0, 5).some((code) => gold.includes(code))) r.compareHits++;
    }
  }
  return r;
}

/** Precision, recall and F1 of one verdict from a gold>predicted confusion map. */
export function verdictF1(confusion: Map<string, number>, label: string): { gold: number; predicted: number; p: number; r: number; f1: number } {
  const tp = confusion.get(`${label}>${label}`) ?? 0;
  const predicted = VERDICTS.reduce((sum, g) => sum + (confusion.get(`${g}>${label}`) ?? 0), 0);
  const gold = VERDICTS.reduce((sum, p) => sum + (confusion.get(`${label}>${p}`) ?? 0), 0);
  const p = predicted ? tp / predicted : 0;
  const rec = gold ? tp / gold : 0;
  return { gold, predicted, p, r: rec, f1: p + rec ? (2 * p * rec) / (p + rec) : 0 };
}

const ratio = (a: number, b: number) => (b === 0 ? 'n/a' : `${(a / b).toFixed(3)} (${a}/${b})`);

/** The report lines for one set. */
export function formatSet(name: string, r: SetReport): string[] {
  const lines = [`[${name}]`];
  if (r.answerable > 0) lines.push(`  ask recall@1 ${ratio(r.at1, r.answerable)}, recall@5 ${ratio(r.at5, r.answerable)}`);
  if (r.asks > 0) {
    lines.push(`  confidence (hit = a cited section is gold): ${LEVELS.map((l) => `${l} ${ratio(r.levels[l]?.hit ?? 0, r.levels[l]?.n ?? 0)}`).join(', ')}`);
  }
  if (r.unanswerable > 0) lines.push(`  unanswerable questions answered LOW: ${ratio(r.unanswerableLow, r.unanswerable)}`);
  if (r.checks > 0) {
    lines.push(`  check accuracy ${ratio(r.checkCorrect, r.checks)}; right verdict citing a gold section ${ratio(r.checkGrounded, r.checks)}`);
    for (const label of VERDICTS) {
      const f = verdictF1(r.confusion, label);
      lines.push(`    ${label.padEnd(12)} gold ${f.gold}, predicted ${f.predicted}, P ${f.p.toFixed(2)} R ${f.r.toFixed(2)} F1 ${f.f1.toFixed(2)}`);
    }
    lines.push(`    confusion (gold>predicted): ${[...r.confusion].sort().map(([k, v]) => `${k}=${v}`).join(', ')}`);
  }
  if (r.absurd > 0) lines.push(`  absurd assertions not SUPPORTED: ${ratio(r.absurdNotSupported, r.absurd)}`);
  if (r.compareGold > 0) lines.push(`  compare gold-in-top-5 per addressed jurisdiction: ${ratio(r.compareHits, r.compareGold)}`);
  if (r.askMs.length > 0) lines.push(`  latency: ask p50 ${percentile(r.askMs, 50).toFixed(1)} ms, p95 ${percentile(r.askMs, 95).toFixed(1)} ms${r.checkMs.length ? `; check p95 ${percentile(r.checkMs, 95).toFixed(1)} ms` : ''}`);
  return lines;
}

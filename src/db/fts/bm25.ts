/**
 * FTS5's bm25() (k1 = 1.2, b = 0.75, column weights), computed over the positions PostgreSQL
 * returns for the query's stems, so a PostgreSQL index ranks as the SQLite one does. Pure.
 */
import type { ColumnLabel } from './tsvector.js';

const K1 = 1.2;
const B = 0.75;

/** One candidate document: its length and, per stem of the query, its positions with their column label. */
export interface Bm25Document {
  tokenCount: number;
  positions: Map<string, Array<{ position: number; label: ColumnLabel }>>;
}

export interface Bm25Stats {
  /** Documents in the whole index. */
  total: number;
  /** Tokens in the whole index. */
  tokens: number;
  /** Per phrase (same order as the phrases): in how many documents of the whole index it occurs. */
  hits: number[];
}

/** FTS5's IDF: log((N - n + 0.5) / (n + 0.5)), floored at 1e-6 so common phrases still count a little. */
export function idf(total: number, hits: number): number {
  const value = Math.log((0.5 + total - hits) / (0.5 + hits));
  return value <= 0 ? 1e-6 : value;
}

/** Occurrences of the phrase in the document, each weighted by its column's weight. */
export function phraseFrequency(doc: Bm25Document, stems: string[], weights: Partial<Record<ColumnLabel, number>>): number {
  const first = doc.positions.get(stems[0]!) ?? [];
  let frequency = 0;
  for (const start of first) {
    let ok = true;
    for (let k = 1; k < stems.length && ok; k++) {
      ok = (doc.positions.get(stems[k]!) ?? []).some((p) => p.position === start.position + k);
    }
    if (ok) frequency += weights[start.label] ?? 1;
  }
  return frequency;
}

/** The bm25 score (higher is better, the negation of FTS5's) of one document for the phrases. */
export function bm25Score(doc: Bm25Document, phrases: string[][], stats: Bm25Stats, weights: Partial<Record<ColumnLabel, number>> = {}): number {
  const avgdl = stats.total > 0 ? Math.max(stats.tokens / stats.total, 1e-9) : 1;
  let score = 0;
  phrases.forEach((stems, i) => {
    const f = phraseFrequency(doc, stems, weights);
    if (f === 0) return;
    score += termScore(idf(stats.total, stats.hits[i] ?? 0), f, doc.tokenCount, avgdl);
  });
  return score;
}

/**
 * More than any one document's summand for a phrase of this idf can be, whatever its frequency and
 * length: the saturated frequency f(k1 + 1) / (f + k1(1 - b + b·len/avgdl)) stays under k1 + 1,
 * since 1 - b > 0. MaxScore pruning (max-score.ts) rests on it.
 */
export function termScoreBound(idfValue: number): number {
  return idfValue * (K1 + 1);
}

/** One phrase's summand of bm25: its idf times its saturated frequency in a document of `length` tokens. */
export function termScore(idfValue: number, frequency: number, length: number, avgdl: number): number {
  return idfValue * ((frequency * (K1 + 1)) / (frequency + K1 * (1 - B + (B * length) / avgdl)));
}

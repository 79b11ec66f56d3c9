import { idf, termScore } from '../../../db/fts/bm25.js';
import type { CommonTerm } from '../../../text/common-terms.js';
import { wordStems } from '../../../text/tokens.js';
import type { PassageHit, PassageTermFrequencies } from './passage-index.js';

/**
 * The hits with the common terms' share of bm25 added to their score, best first. A hit's score is
 * the index's bm25 of the rare terms; bm25 of an OR query is a sum over its branches, so adding each
 * common term's summand (FTS5's formula and statistics: idf from the passages holding the term,
 * the passage's length in tokens against the average) gives the whole query's score. The passage
 * is read with the tokenizer and stemmer the index uses (tokens.ts splits as `porter unicode61`).
 */
export function withCommonTerms(hits: PassageHit[], common: CommonTerm[], stats: PassageTermFrequencies): PassageHit[] {
  if (stats.total <= 0 || stats.tokens <= 0) return hits;
  const avgdl = stats.tokens / stats.total;
  const weights = new Map(common.map((c) => [c.stem, idf(stats.total, c.documents)]));
  return hits
    .map((hit) => ({ ...hit, score: hit.score + commonScore(hit.text, weights, avgdl) }))
    .sort((a, b) => b.score - a.score);
}

/** Σ over the common terms of idf × saturated frequency in this passage. */
function commonScore(text: string, weights: Map<string, number>, avgdl: number): number {
  const stems = wordStems(text);
  const frequencies = new Map<string, number>();
  for (const stem of stems) if (weights.has(stem)) frequencies.set(stem, (frequencies.get(stem) ?? 0) + 1);
  let score = 0;
  for (const [stem, frequency] of frequencies) score += termScore(weights.get(stem) ?? 0, frequency, stems.length, avgdl);
  return score;
}

import type { QueryAnalysis } from './query-analysis.js';

/** Document frequencies of indexed terms (Porter stems, as FTS5 stores them) and about how many documents there are. */
export interface TermFrequencies {
  total: number;
  frequencies: Map<string, number>;
}

/** The single-word terms whose document frequency the index should be asked for. */
export function singleWordStems(analysis: QueryAnalysis): string[] {
  return analysis.terms.filter((t) => !t.fts.includes(' ')).map((t) => t.stem);
}

/**
 * A term in more than this share of a workspace's passages is left out of workspace questions' and
 * review cells' full-text queries (0.2 and 0.05 gave the same accuracy on 100 CUAD contracts; 0.05
 * is a quarter faster; 0.01 moved eval:workspace's tune-half first citation down 0.6 points).
 */
export const PASSAGE_TERM_SHARE = 0.05;

/**
 * Below this many documents every query is cheap, and in a handful of documents every word looks
 * common: nothing is left out.
 */
export const MIN_DOCUMENTS_TO_PRUNE = 2_000;

/**
 * The analysis without words that nearly every document contains ("agreement", "shall"): BM25 gives
 * them almost no weight, yet each makes FTS5 score every document that has it. The `keepAtLeast`
 * rarest terms always stay, so a question made only of common words still searches.
 */
export function withoutUbiquitousTerms(analysis: QueryAnalysis, counts: TermFrequencies, maxShare: number, keepAtLeast = 2): QueryAnalysis {
  if (counts.total < MIN_DOCUMENTS_TO_PRUNE) return analysis;
  const share = (stem: string) => (counts.frequencies.get(stem) ?? 0) / counts.total;
  const single = analysis.terms.filter((t) => !t.fts.includes(' '));
  const rarest = new Set([...single].sort((a, b) => share(a.stem) - share(b.stem)).slice(0, keepAtLeast));
  const terms = analysis.terms.filter((t) => t.fts.includes(' ') || rarest.has(t) || share(t.stem) <= maxShare);
  return { ...analysis, terms };
}

import type { QueryAnalysis, QueryTerm } from './query-analysis.js';
import { tokenize } from './tokens.js';
import type { TermFrequencies } from './ubiquitous-terms.js';

/**
 * A single word in more than this share of a workspace's passages is a "common" term of a question
 * (Elasticsearch's cutoff_frequency): it does not pick which passages are candidates, it only adds
 * its share of bm25 to the candidates the rarer terms found. FTS5 scores every passage a query
 * matches, and these words match most of them: at 20,000 documents (1.3 million passages) the
 * scoring, not the matching, was most of a question's time.
 */
export const COMMON_TERM_SHARE = 0.01;

/**
 * One common term: its Porter stem (as FTS5 indexes it) and in how many passages it occurs. One
 * per search text, as toFtsQuery makes one OR branch, and bm25 one summand, per search text.
 */
export interface CommonTerm {
  stem: string;
  documents: number;
}

/** A question's terms split by document frequency: the rarer ones to match on, the common ones to score with. */
export interface CommonTermsSplit {
  rare: QueryAnalysis;
  common: CommonTerm[];
}

/**
 * Below this many passages holding the common terms (summed over the terms) the whole query is
 * searched: FTS5 scores a matched passage in about 0.5 µs, and rescoring the rare terms'
 * candidates costs about 10 ms (reading 200-400 passages and their words). On the 399 CUAD
 * contracts of eval:workspace (27,000 passages) the split was twice as slow as the whole query;
 * at 20,000 documents a single common term is in 13,000 passages or more.
 */
export const MIN_COMMON_POSTINGS = 20_000;

/**
 * Splits the single-word terms above `maxShare` off the analysis. Null when nothing is split off,
 * when no rarer word or phrase of the question itself is left to pick candidates, or when the
 * common terms are in too few passages for the split to pay (MIN_COMMON_POSTINGS): the caller
 * then searches with the whole query. Operators are never searched (toFtsQuery), and phrases and
 * multi-token terms stay with the rare part: their counts are not known.
 */
export function splitCommonTerms(analysis: QueryAnalysis, counts: TermFrequencies, maxShare: number, minCommonPostings = MIN_COMMON_POSTINGS): CommonTermsSplit | null {
  const common: CommonTerm[] = [];
  const rare: QueryTerm[] = [];
  const seen = new Set<string>();
  for (const term of analysis.terms) {
    const stem = indexedStem(term);
    const documents = stem === null ? 0 : (counts.frequencies.get(stem) ?? 0);
    if (stem === null || documents / counts.total <= maxShare) rare.push(term);
    else if (!seen.has(term.fts)) {
      seen.add(term.fts);
      common.push({ stem, documents });
    }
  }
  // The candidates must be picked by something the question says: picked by a thesaurus guess
  // alone ("successive" for "What notice is required to renew the agreement?", where "renew" is
  // common), they left out the passages with the question's own word.
  const asked = rare.some((t) => t.source === 'question' && t.kind !== 'operator') || analysis.phrases.some((p) => p.source !== 'expansion');
  if (common.length === 0 || !asked || common.reduce((n, c) => n + c.documents, 0) < minCommonPostings) return null;
  return { rare: { ...analysis, terms: rare }, common };
}

/**
 * The one stem FTS5 indexes for the term's search text, when the term is a searched single word
 * whose counted stem is that stem; else null (kept with the rare part, scored by FTS5 itself).
 */
function indexedStem(term: QueryTerm): string | null {
  if (term.kind === 'operator' || term.fts.includes(' ')) return null;
  const tokens = tokenize(term.fts);
  const only = tokens[0];
  return tokens.length === 1 && only !== undefined && only.stem === term.stem ? term.stem : null;
}

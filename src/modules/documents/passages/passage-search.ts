import { COMMON_TERM_SHARE, splitCommonTerms, type CommonTermsSplit } from '../../../text/common-terms.js';
import { DEFAULT_MAX_ITEMS, ftsItems, toFtsQuery, type FtsQueryOptions, type QueryAnalysis } from '../../../text/query-analysis.js';
import type { PassageHit, PassageIndex, PassageTermFrequencies } from './passage-index.js';
import { withCommonTerms } from './common-terms-score.js';

/**
 * Candidates the rare terms pick across the workspace, all rescored with the common ones before the
 * best `limit` are kept: a passage the rare terms rank just below the best can still come first on
 * the common ones (on a room of 20,000 documents, 60 agreed less often with the whole query's best 8).
 */
export const RESCORED_CANDIDATES = 200;
/** Passages of a listed file read to score them all; a longer file is searched with the whole query. */
export const FILE_PASSAGES_SCORED = 2_000;

export interface PassageSearchOptions {
  /** How the question becomes an FTS query (toFtsQuery's options), the same for both parts. */
  fts: FtsQueryOptions;
  /** Only passages of these files. */
  fileIds?: number[];
  /** Words in more than this share of passages only score (COMMON_TERM_SHARE). */
  commonShare?: number;
  /** Candidates rescored across the workspace (RESCORED_CANDIDATES). */
  rescored?: number;
  /** Below this many passages holding the common terms, the whole query is searched (MIN_COMMON_POSTINGS). */
  minCommonPostings?: number;
}

/**
 * The best passages for the analysis, scored by bm25 of its whole OR query (a "common terms
 * query"): the terms in few passages pick candidates through the index, and the common terms'
 * share of bm25 is added to them here (withCommonTerms). FTS5 scores every passage a query
 * matches, and common terms match tens of thousands in a large room; rare ones, a few thousand.
 * Across the workspace a passage holding only common terms is never a candidate, and when the
 * rare terms find fewer than `limit` passages, or the question has none, the whole query is
 * searched as before. Within listed files every passage is scored, so the ranking is the whole
 * query's.
 */
export async function searchPassages(
  index: PassageIndex,
  workspaceId: number,
  analysis: QueryAnalysis,
  counts: PassageTermFrequencies,
  limit: number,
  options: PassageSearchOptions,
): Promise<PassageHit[]> {
  const whole = async () => {
    const fts = toFtsQuery(analysis, options.fts);
    return fts ? index.search(workspaceId, fts, limit, options.fileIds) : [];
  };
  const split = splitOf(analysis, counts, options);
  if (!split) return whole();
  const rareFts = toFtsQuery(split.rare, options.fts);
  const found = options.fileIds
    ? await withinFiles(index, workspaceId, options.fileIds, rareFts, split, counts)
    : rareFts
      ? await acrossWorkspace(index, workspaceId, rareFts, split, counts, limit, options.rescored ?? RESCORED_CANDIDATES)
      : null;
  return found ? found.slice(0, limit) : whole();
}

/** The split, when the whole query is the plain OR of the analysis's items and some are common. */
function splitOf(analysis: QueryAnalysis, counts: PassageTermFrequencies, options: PassageSearchOptions): CommonTermsSplit | null {
  // A required phrase ANDed to the OR query would also drop passages holding it with common terms only.
  if (options.fts.requirePhrases) return null;
  // The split scores the terms toFtsQuery searches: expansions only when it searches them, and all
  // of them (a question long enough to reach the cap of items is searched whole).
  const searched = options.fts.expansions === false ? { ...analysis, terms: analysis.terms.filter((t) => t.source !== 'expansion') } : analysis;
  if (ftsItems(searched, options.fts).length >= (options.fts.maxItems ?? DEFAULT_MAX_ITEMS)) return null;
  return splitCommonTerms(searched, counts, options.commonShare ?? COMMON_TERM_SHARE, options.minCommonPostings);
}

/** The rare terms' best `rescored` passages, rescored; null when they find fewer than `limit`. */
async function acrossWorkspace(
  index: PassageIndex,
  workspaceId: number,
  rareFts: string,
  split: CommonTermsSplit,
  counts: PassageTermFrequencies,
  limit: number,
  rescored: number,
): Promise<PassageHit[] | null> {
  const candidates = await index.search(workspaceId, rareFts, Math.max(limit, rescored), undefined);
  return candidates.length < limit ? null : withCommonTerms(candidates, split.common, counts);
}

/**
 * Every passage of the files, scored: the index's bm25 of the rare terms (0 where none occurs) plus
 * the common terms'. A passage holding none of the terms is left out, as the index leaves it.
 * Asked for the files of one question (a handful), this reads a few hundred passages where the
 * whole query had the index score every passage of the workspace holding a common term.
 * Null when a file is too long to read whole.
 */
async function withinFiles(
  index: PassageIndex,
  workspaceId: number,
  fileIds: number[],
  rareFts: string | null,
  split: CommonTermsSplit,
  counts: PassageTermFrequencies,
): Promise<PassageHit[] | null> {
  const all = await index.openings(workspaceId, fileIds, FILE_PASSAGES_SCORED);
  if (all.length === 0) return [];
  const perFile = new Map<number, number>();
  for (const hit of all) perFile.set(hit.fileId, (perFile.get(hit.fileId) ?? 0) + 1);
  if ([...perFile.values()].some((n) => n >= FILE_PASSAGES_SCORED)) return null;
  const rare = rareFts ? await index.search(workspaceId, rareFts, all.length, fileIds) : [];
  const rareScores = new Map(rare.map((hit) => [hit.passageId, hit.score]));
  const scored = withCommonTerms(
    all.map((hit) => ({ ...hit, score: rareScores.get(hit.passageId) ?? 0 })),
    split.common,
    counts,
  );
  return scored.filter((hit) => hit.score > 0);
}

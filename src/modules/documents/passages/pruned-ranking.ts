import { idf } from '../../../db/fts/bm25.js';
import { quoteFts } from '../../../text/fts-query.js';
import type { Ranked } from './range-ranking.js';

/*
 * The best k passages of a plain OR query of words, exactly as FTS5's bm25 ranks them, without
 * scoring every passage that holds one of the words. In a room of 20,000 documents a generic
 * question's words are each in 2-9% of 1.3 million passages, FTS5 scores each of them (its bm25 per
 * passage, not the matching, is the cost), and the best k almost always hold two or more of the
 * words. So, in the manner of MaxScore (Turtle and Flood, 1995):
 * - a passage holding one word i alone scores less than that word's ceiling, idf_i * (k1 + 1)
 *   (bm25's term frequency part tends to k1 + 1 and never reaches it);
 * - the passages holding at least two words are found exactly, in disjoint parts, one per word:
 *   `w_i AND (w_i+1 OR ... OR w_n) NOT (w_1 OR ... OR w_i-1)`. FTS5's bm25 of such a query is a sum
 *   over its words with each word's statistics from the whole table, the same as the whole query's,
 *   and a word the passage lacks adds nothing, so each part ranks its passages by their whole-query
 *   score, and the parts' best k together hold the best k of all passages with two words or more;
 * - when the k-th of those scores at least the highest ceiling, no one-word passage can enter the
 *   best k, and they are the whole query's best k. Otherwise the caller ranks the whole query.
 * The rarest word comes first, so the first part (which FTS5 drives from its rarest word's list)
 * is small, and the NOT keeps each passage in one part only.
 */

/** bm25's k1 as FTS5 uses it (bm25.ts): a word's share of a passage's score stays under idf * (K1 + 1). */
const K1 = 1.2;

/**
 * Postings (the words' passage counts, summed) under which the whole query is ranked as before. An
 * estimate, not swept: below it the whole ranking is already short (two words with 10,112 postings:
 * 24 ms on a 2-core machine that another process kept busy), and the parts cost something of their
 * own (each counts its words' passages again for their idf; 2.5 ms for those two words).
 */
export const PRUNE_MIN_POSTINGS = 20_000;
/** Most words split into parts: part i repeats the words after it, so the work grows with the square of their number. */
export const PRUNE_MAX_WORDS = 8;

export interface PrunedWord {
  /** The word as the query quotes it. */
  text: string;
  /** Passages of the table holding it. */
  documents: number;
}

export interface PrunedPlan {
  /** The parts' MATCH expressions. */
  parts: string[];
  /** The highest score a passage holding one word alone can reach (under, never at). */
  ceiling: number;
}

/** The parts and the one-word ceiling for these words over a table of `total` passages; null when the whole query should be ranked. */
export function prunedPlan(words: PrunedWord[], total: number, minPostings = PRUNE_MIN_POSTINGS): PrunedPlan | null {
  if (words.length < 2 || words.length > PRUNE_MAX_WORDS) return null;
  if (words.reduce((n, w) => n + w.documents, 0) < minPostings) return null;
  const ordered = [...words].sort((a, b) => a.documents - b.documents || (a.text < b.text ? -1 : 1));
  const quoted = ordered.map((w) => quoteFts(w.text));
  const parts: string[] = [];
  for (let i = 0; i < quoted.length - 1; i++) {
    const withLater = `${quoted[i]!} AND (${quoted.slice(i + 1).join(' OR ')})`;
    parts.push(i === 0 ? withLater : `(${withLater}) NOT (${quoted.slice(0, i).join(' OR ')})`);
  }
  return { parts, ceiling: Math.max(...ordered.map((w) => idf(total, w.documents) * (K1 + 1))) };
}

/**
 * The best `limit` passages from the parts' best `limit` each (rank runs one MATCH expression, best
 * first, at most `limit`), by score and then id, as mergeRanked orders; null when they may not be the
 * whole query's best (fewer than `limit` passages hold two words, or the last of them scores under
 * the ceiling).
 */
export async function rankPruned(plan: PrunedPlan, limit: number, rank: (expression: string, limit: number) => Ranked[] | Promise<Ranked[]>): Promise<Ranked[] | null> {
  const found: Ranked[] = [];
  for (const part of plan.parts) found.push(...(await rank(part, limit)));
  if (found.length < limit) return null;
  const best = found.sort((a, b) => b.score - a.score || a.id - b.id).slice(0, limit);
  return best[limit - 1]!.score >= plan.ceiling ? best : null;
}

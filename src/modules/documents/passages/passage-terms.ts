import { tokenize } from '../../../text/tokens.js';

/**
 * The key under which passage_terms keeps a workspace's passage count: no FTS5 token is empty, so
 * it cannot collide with a term.
 */
export const PASSAGE_COUNT_KEY = '';

/**
 * The distinct index terms of a passage as FTS5's `porter unicode61` tokenizer writes them (the
 * tokenizer in src/text splits and stems the same way), for per-workspace document frequencies.
 */
export function passageTerms(text: string): string[] {
  return [...new Set(tokenize(text).map((t) => t.stem))];
}

/** How many of these passages hold each term, plus the passage count under PASSAGE_COUNT_KEY. */
export function termCounts(texts: Iterable<string>): Map<string, number> {
  const counts = new Map<string, number>();
  let passages = 0;
  for (const text of texts) {
    passages++;
    for (const term of passageTerms(text)) counts.set(term, (counts.get(term) ?? 0) + 1);
  }
  if (passages > 0) counts.set(PASSAGE_COUNT_KEY, passages);
  return counts;
}

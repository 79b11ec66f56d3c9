import { foldWord, forEachWord, stemWord } from '../tokens.js';

/**
 * The features the clause classifier reads from a text: Porter stems and stem bigrams, each once,
 * numbers folded to "0" (a notice period of 30 or 90 days is the same clause). Pure and shared by
 * training (scripts/train-clauses.ts) and inference, so both see the same features.
 */
export function clauseFeatures(text: string): string[] {
  const stems = clauseStems(text);
  const features = new Set<string>();
  for (let i = 0; i < stems.length; i++) {
    const stem = stems[i] ?? '';
    features.add(stem);
    const next = stems[i + 1];
    if (next !== undefined) features.add(`${stem} ${next}`);
  }
  return [...features];
}

/** The text's stems in order, numbers folded to "0": what clauseFeatures builds its features from. */
export function clauseStems(text: string): string[] {
  // Uncached: ingestion tags each passage once, and a memo of them grew the extraction process past its memory bound.
  const stems: string[] = [];
  forEachWord(text, (word) => stems.push(clauseStem(word)));
  return stems;
}

/** One word of the text (as forEachWord gives it) as clauseStems reads it: folded, stemmed, a number as "0". */
export function clauseStem(word: string): string {
  const stem = stemWord(foldWord(word));
  return /^\d/.test(stem) ? '0' : stem;
}

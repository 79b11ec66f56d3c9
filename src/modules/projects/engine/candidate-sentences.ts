import type { QueryAnalysis } from '../../../text/query-analysis.js';
import { scoreSentence } from '../../../text/overlap.js';
import { splitSentences } from '../../../text/sentences.js';
import type { CandidateSentence } from './cell-answer.types.js';
import type { EvidencePassage } from './cell-evidence.js';

/** How rare each term is across the indexed passages (idf); terms it does not know weigh 1. */
export type Rarity = (stem: string) => number;

/** The most a sentence can score on the question's own words (expansions and phrases add beyond it). */
export function questionWeight(analysis: QueryAnalysis, rarity: Rarity = () => 1): number {
  return analysis.terms.filter((t) => t.source === 'question' && (t.kind === 'word' || t.kind === 'defined')).reduce((sum, t) => sum + t.weight * rarity(t.stem), 0);
}

/**
 * A word negated by a "non-" prefix ("non-exclusive", "non exclusive") is not the word: it is
 * joined into one token for scoring, so it no longer matches the question's "exclusive".
 */
export function joinNegatedPrefixes(sentence: string): string {
  return sentence.replace(/\b(non)[-\s]+(?=[a-z])/gi, '$1');
}

/** Below this length a sentence is a heading ("3. Term of Agreement."), read with the sentence after it. */
const HEADING_CHARS = 60;

/**
 * A passage's sentences, each short heading joined to the sentence that follows it (the span runs
 * from the heading's start to the sentence's end, so it is still one slice of the page text).
 */
export function withHeadings(text: string): Array<{ start: number; end: number; text: string }> {
  // A blank line always ends a sentence (a heading often follows one with no period of its own).
  const sentences = splitSentences(text).flatMap((s) => {
    const pieces: Array<{ start: number; end: number; text: string }> = [];
    let from = 0;
    for (const m of s.text.matchAll(/\n[ \t]*\n\s*/g)) {
      const piece = s.text.slice(from, m.index).trimEnd();
      if (piece) pieces.push({ start: s.start + from, end: s.start + from + piece.length, text: piece });
      from = (m.index ?? 0) + m[0].length;
    }
    const last = s.text.slice(from);
    if (last) pieces.push({ start: s.start + from, end: s.start + from + last.length, text: last });
    return pieces;
  });
  const out: Array<{ start: number; end: number; text: string }> = [];
  for (let i = 0; i < sentences.length; i++) {
    const s = sentences[i];
    if (!s) continue;
    const next = sentences[i + 1];
    if (s.text.length < HEADING_CHARS && next) {
      out.push({ start: s.start, end: next.end, text: text.slice(s.start, next.end) });
      i++;
    } else out.push({ start: s.start, end: s.end, text: s.text });
  }
  return out;
}

/**
 * The passages' sentences, each scored by the share of the question's weight it holds, best
 * first; sentences that overlapping passages share are counted once.
 */
export function candidateSentences(passages: EvidencePassage[], analysis: QueryAnalysis, rarity: Rarity = () => 1, limit = 24): CandidateSentence[] {
  const total = Math.max(1e-9, questionWeight(analysis, rarity));
  const seen = new Set<string>();
  const out: CandidateSentence[] = [];
  for (const passage of passages) {
    for (const s of withHeadings(passage.text)) {
      const start = passage.start + s.start;
      const key = `${passage.fileId}:${passage.page}:${start}`;
      if (seen.has(key) || s.text.length < 12) continue;
      seen.add(key);
      out.push({ fileId: passage.fileId, page: passage.page, start, end: passage.start + s.end, text: s.text, relevance: scoreSentence(joinNegatedPrefixes(s.text), analysis, rarity) / total });
    }
  }
  return out.sort((a, b) => b.relevance - a.relevance || a.start - b.start).slice(0, limit);
}

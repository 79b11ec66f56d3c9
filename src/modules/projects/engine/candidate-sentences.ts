import type { QueryAnalysis } from '../../../text/query-analysis.js';
import { scoreSentence } from '../../../text/overlap.js';
import { splitSentences } from '../../../text/sentences.js';
import type { CandidateSentence } from './cell-answer.types.js';
import type { EvidencePassage } from './cell-evidence.js';

/** The most a sentence can score on the question's own words (expansions and phrases add beyond it). */
export function questionWeight(analysis: QueryAnalysis): number {
  return analysis.terms.filter((t) => t.source === 'question' && (t.kind === 'word' || t.kind === 'defined')).reduce((sum, t) => sum + t.weight, 0);
}

/** Below this length a sentence is a heading ("3. Term of Agreement."), read with the sentence after it. */
const HEADING_CHARS = 60;

/**
 * A passage's sentences, each short heading joined to the sentence that follows it (the span runs
 * from the heading's start to the sentence's end, so it is still one slice of the page text).
 */
export function withHeadings(text: string): Array<{ start: number; end: number; text: string }> {
  const sentences = splitSentences(text);
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
export function candidateSentences(passages: EvidencePassage[], analysis: QueryAnalysis, limit = 24): CandidateSentence[] {
  const total = Math.max(1e-9, questionWeight(analysis));
  const seen = new Set<string>();
  const out: CandidateSentence[] = [];
  for (const passage of passages) {
    for (const s of withHeadings(passage.text)) {
      const start = passage.start + s.start;
      const key = `${passage.fileId}:${passage.page}:${start}`;
      if (seen.has(key) || s.text.length < 12) continue;
      seen.add(key);
      out.push({ fileId: passage.fileId, page: passage.page, start, end: passage.start + s.end, text: s.text, relevance: scoreSentence(s.text, analysis) / total });
    }
  }
  return out.sort((a, b) => b.relevance - a.relevance || a.start - b.start).slice(0, limit);
}

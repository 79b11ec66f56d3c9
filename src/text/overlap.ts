import { tokenize, tokenizeLegal } from './tokens.js';
import { findDates } from './dates.js';
import type { QueryAnalysis, QueryPhrase } from './query-analysis.js';

/** Extra weight of a phrase found word for word, over its words found apart. */
export const PHRASE_BOOST = 1.5;
/** Extra weight of a defined term found with its capitals ("Change of Control"). */
export const DEFINED_CASE_BOOST = 1;
/** Sentences longer than this many words are scored down gently, as bm25 does documents. */
const TYPICAL_SENTENCE_WORDS = 40;

interface Prepared {
  words: { stem: string; weight: number }[];
  numbers: { norm: string; value: number | null; kind: string; weight: number }[];
  dates: { iso: string; weight: number }[];
  phrases: QueryPhrase[];
  defined: string[];
}

const prepared = new WeakMap<QueryAnalysis, Prepared>();

function prepare(a: QueryAnalysis): Prepared {
  const cached = prepared.get(a);
  if (cached) return cached;
  const p: Prepared = {
    words: a.terms
      .filter((t) => t.kind === 'word' || t.kind === 'defined')
      .map((t) => ({ stem: t.stem, weight: t.weight })),
    numbers: a.numbers.map((n) => ({
      norm: n.norm,
      value: n.value,
      kind: n.kind,
      weight: a.terms.find((t) => t.text === n.text)?.weight ?? 1.5,
    })),
    dates: a.dates.map((d) => ({ iso: d.iso, weight: a.terms.find((t) => t.kind === 'date' && t.norm === d.iso)?.weight ?? 2 })),
    phrases: a.phrases,
    defined: a.definedTerms,
  };
  prepared.set(a, p);
  return p;
}

function containsSequence(stems: string[], phrase: string[]): boolean {
  const first = phrase[0];
  if (first === undefined) return false;
  for (let i = stems.indexOf(first); i >= 0 && i + phrase.length <= stems.length; i = stems.indexOf(first, i + 1)) {
    if (phrase.every((s, k) => stems[i + k] === s)) return true;
  }
  return false;
}

const NUMBER_WORDS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11,
  twelve: 12, fifteen: 15, eighteen: 18, twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, ninety: 90,
};

/**
 * A small, fast lexical relevance score of one sentence for a question: the weight (× idf) of each
 * question stem the sentence holds, once each; phrases found word for word and defined terms found
 * with their capitals boosted; numbers matched by value ("thirty" = "30", "$600" = "600") and
 * section numbers exactly. 0 means no overlap. Scores compare sentences for one question only.
 */
export function scoreSentence(sentence: string, analysis: QueryAnalysis, idf: (stem: string) => number = () => 1): number {
  const p = prepare(analysis);
  const tokens = tokenize(sentence);
  if (tokens.length === 0) return 0;
  const stems = tokens.map((t) => t.stem);
  const present = new Set(stems);

  let score = 0;
  for (const w of p.words) if (present.has(w.stem)) score += w.weight * idf(w.stem);

  for (const phrase of p.phrases) {
    if (phrase.stems.every((st) => present.has(st)) && containsSequence(stems, phrase.stems)) {
      const idfSum = phrase.stems.reduce((sum, s) => sum + idf(s), 0) / phrase.stems.length;
      score += phrase.weight * PHRASE_BOOST * idfSum;
    }
  }
  for (const d of p.defined) if (sentence.includes(d)) score += DEFINED_CASE_BOOST * idf(tokenize(d)[0]?.stem ?? '');

  if (p.numbers.length > 0) {
    const legal = tokenizeLegal(sentence);
    const values = new Set<number>();
    const norms = new Set<string>();
    for (const t of legal) {
      norms.add(t.norm);
      const n = t.kind === 'word' ? NUMBER_WORDS[t.norm] : Number(t.norm.replace(/[$%]/g, ''));
      if (n !== undefined && Number.isFinite(n) && t.kind !== 'section') values.add(n);
    }
    for (const n of p.numbers) {
      const hit = n.kind === 'section' ? norms.has(n.norm) : n.value !== null && values.has(n.value);
      if (hit) score += n.weight * 2;
    }
  }
  if (p.dates.length > 0) {
    const isos = new Set(findDates(sentence).map((d) => d.iso));
    for (const d of p.dates) if (isos.has(d.iso)) score += d.weight * 2;
  }

  const excess = Math.max(0, tokens.length / TYPICAL_SENTENCE_WORDS - 1);
  return score / (1 + 0.15 * excess);
}

import { tokenize, type Token } from '../tokens.js';
import { isStopword } from '../stopwords.js';
import type { ClauseCategory, ClauseScore } from './clause-model.js';
import { capitalisedTitleIndexes, titleTokenIndexes } from '../agreement-type-words.js';

/** A question's clause type, and how clearly the question asks for it (cosine in [0, 1]). */
export interface AskedClause {
  category: string;
  strength: number;
}

/** Below this cosine a question is not read as asking for a clause type. */
export const MIN_STRENGTH = 0.3;

/**
 * Weight of the passage classifier's evidence against the cosine when choosing among clause types.
 * Chosen on the tune half of 24 paraphrased questions and on eval:workspace's 16 templates; on the
 * report half, right types went from 5 to 8 of 12 (`npm run eval:question-types`).
 */
const CLASSIFIER_WEIGHT = 0.1;

const logit = (p: number) => {
  const q = Math.min(1 - 1e-6, Math.max(1e-6, p));
  return Math.log(q / (1 - q));
};

interface CategoryVector {
  name: string;
  weights: Map<string, number>;
  norm: number;
}

/**
 * The words of a text that can say what it asks, without the title it names a document by ("the
 * Exclusive Distribution Agreement" names a document; "exclusive rights" asks about exclusivity).
 */
function contentTokens(text: string): Token[] {
  const tokens = tokenize(text);
  const title = titleTokenIndexes(tokens.map((t) => t.norm));
  for (const i of capitalisedTitleIndexes(tokens)) title.add(i);
  const names = partyNameIndexes(tokens, title);
  return tokens.filter((_, i) => !title.has(i) && !names.has(i));
}

/** Words that join the names of parties ("Qualigen, Inc. and its Affiliates", "Bank of South Pacific"). */
const NAME_JOINERS: ReadonlySet<string> = new Set(['and', 'its', 'their', 'the', 'of', 'de', 'du', 'la', 'et', 'for', 'd', 'b', 'a']);
/** Possessives inside a party's name: the word after one is what the party owns, named with it, written in capitals or not ("and its affiliates"). */
const NAME_POSSESSIVES: ReadonlySet<string> = new Set(['its', 'their']);

/**
 * Which tokens name the parties a title is followed by: after "between" or "with" in or just after
 * a title ("the Distributor Agreement between Accuray Inc. and Siemens AG"), the run of capitalised
 * words, the words that join names, and the word a possessive among them names ("and its
 * affiliates"). The question goes on at its first other word ("... expire?"). A question written
 * all in capitals names no party this way.
 */
function partyNameIndexes(tokens: readonly Token[], title: ReadonlySet<number>): Set<number> {
  const names = new Set<number>();
  if (!tokens.some((t) => /\p{Ll}/u.test(t.text))) return names;
  for (let i = 0; i < tokens.length; i++) {
    const norm = tokens[i]!.norm;
    if (!(title.has(i) || title.has(i - 1)) || (norm !== 'between' && norm !== 'with') || title.has(i + 1)) continue;
    for (let k = i + 1; k < tokens.length; k++) {
      const t = tokens[k]!;
      const owned = NAME_POSSESSIVES.has(tokens[k - 1]?.norm ?? '') && names.has(k - 1);
      if (!/^[\p{Lu}\p{N}]/u.test(t.text) && !NAME_JOINERS.has(t.norm) && !owned) break;
      names.add(k);
    }
  }
  return names;
}

/** Content stems of a text, without stopwords, numbers and the titles it names documents by. */
function stems(text: string): string[] {
  return contentTokens(text)
    .filter((t) => t.norm.length > 1 && !isStopword(t.norm, 'documents') && !/^\d/.test(t.norm))
    .map((t) => t.stem);
}

/**
 * Reads which CUAD clause type a plain-language question asks about, by likeness to each
 * category's name and CUAD's own description of it ("Which state/country's law governs the
 * interpretation of the contract?"): tf-idf cosine over stems, the name's words counted twice.
 * Words that name the document (its parties, given as `ignore`) are left out.
 *
 * Forty-one short descriptions miss most of the words people ask with ("Is the reseller appointed
 * as the exclusive distributor?" reads as a question about non-solicitation). With `classify` (the
 * passage classifier, trained on CUAD's clause text), the type is chosen by the cosine plus how far
 * the question's words move the classifier's log-odds for each type from its prior (its score for
 * no words at all). Whether the question asks for a clause type at all is still the cosine's call:
 * the classifier, trained on contract text, has no notion of a question that asks for none.
 */
export type QuestionClauseReader = (question: string, ignore?: ReadonlySet<string>) => AskedClause | null;

export function createQuestionClauseReader(categories: readonly ClauseCategory[], classify?: (text: string) => ClauseScore[]): QuestionClauseReader {
  const docs = categories.map((c) => ({ name: c.name, nameStems: new Set(stems(c.name)), all: new Set([...stems(c.name), ...stems(c.description)]) }));
  const df = new Map<string, number>();
  for (const d of docs) for (const s of d.all) df.set(s, (df.get(s) ?? 0) + 1);
  const idf = (s: string) => Math.log((docs.length + 1) / ((df.get(s) ?? 0) + 0.5));
  const vectors: CategoryVector[] = docs.map((d) => {
    const weights = new Map([...d.all].map((s) => [s, idf(s) * (d.nameStems.has(s) ? 2 : 1)]));
    return { name: d.name, weights, norm: Math.hypot(...weights.values()) };
  });
  const prior = classify ? new Map(classify('').map((s) => [s.category, logit(s.p)])) : null;
  return (question, ignore = new Set()) => {
    const asked = [...new Set(stems(question))].filter((s) => !ignore.has(s) && df.has(s));
    if (asked.length === 0) return null;
    const q = new Map(asked.map((s) => [s, idf(s)]));
    const qNorm = Math.hypot(...q.values());
    const cosine = new Map<string, number>();
    for (const v of vectors) {
      let dot = 0;
      for (const [s, w] of q) dot += w * (v.weights.get(s) ?? 0);
      cosine.set(v.name, dot / (qNorm * v.norm || 1));
    }
    const strength = Math.max(...cosine.values());
    if (strength < MIN_STRENGTH) return null;
    if (!classify || !prior) return { category: [...cosine].find(([, c]) => c === strength)![0], strength };
    // The document's own names and title are left out of what the classifier reads too.
    const words = contentTokens(question)
      .filter((t) => !ignore.has(t.stem))
      .map((t) => t.text)
      .join(' ');
    let best: { category: string; score: number } | null = null;
    for (const s of classify(words)) {
      const score = (cosine.get(s.category) ?? 0) + CLASSIFIER_WEIGHT * (logit(s.p) - (prior.get(s.category) ?? 0));
      if (!best || score > best.score) best = { category: s.category, score };
    }
    return best ? { category: best.category, strength } : null;
  };
}

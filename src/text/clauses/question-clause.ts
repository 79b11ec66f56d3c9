import { tokenize } from '../tokens.js';
import { isStopword } from '../stopwords.js';
import type { ClauseCategory } from './clause-model.js';
import { AGREEMENT_TYPE_WORDS } from '../agreement-type-words.js';

/** A question's clause type, and how clearly the question asks for it (cosine in [0, 1]). */
export interface AskedClause {
  category: string;
  strength: number;
}

/** Below this cosine a question is not read as asking for a clause type. */
export const MIN_STRENGTH = 0.3;

interface CategoryVector {
  name: string;
  weights: Map<string, number>;
  norm: number;
}

/** Content stems of a text, without stopwords and agreement-type words (they name documents, not clauses). */
function stems(text: string): string[] {
  return tokenize(text)
    .filter((t) => t.norm.length > 1 && !isStopword(t.norm) && !AGREEMENT_TYPE_WORDS.has(t.norm) && !/^\d/.test(t.norm))
    .map((t) => t.stem);
}

/**
 * Reads which CUAD clause type a plain-language question asks about, by likeness to each
 * category's name and CUAD's own description of it ("Which state/country's law governs the
 * interpretation of the contract?"): tf-idf cosine over stems, the name's words counted twice.
 * Words that name the document (its parties, given as `ignore`) are left out.
 */
export function createQuestionClauseReader(categories: readonly ClauseCategory[]): (question: string, ignore?: ReadonlySet<string>) => AskedClause | null {
  const docs = categories.map((c) => ({ name: c.name, nameStems: new Set(stems(c.name)), all: new Set([...stems(c.name), ...stems(c.description)]) }));
  const df = new Map<string, number>();
  for (const d of docs) for (const s of d.all) df.set(s, (df.get(s) ?? 0) + 1);
  const idf = (s: string) => Math.log((docs.length + 1) / ((df.get(s) ?? 0) + 0.5));
  const vectors: CategoryVector[] = docs.map((d) => {
    const weights = new Map([...d.all].map((s) => [s, idf(s) * (d.nameStems.has(s) ? 2 : 1)]));
    return { name: d.name, weights, norm: Math.hypot(...weights.values()) };
  });
  return (question, ignore = new Set()) => {
    const asked = [...new Set(stems(question))].filter((s) => !ignore.has(s) && df.has(s));
    if (asked.length === 0) return null;
    const q = new Map(asked.map((s) => [s, idf(s)]));
    const qNorm = Math.hypot(...q.values());
    let best: AskedClause | null = null;
    for (const v of vectors) {
      let dot = 0;
      for (const [s, w] of q) dot += w * (v.weights.get(s) ?? 0);
      const strength = dot / (qNorm * v.norm || 1);
      if (!best || strength > best.strength) best = { category: v.name, strength };
    }
    return best && best.strength >= MIN_STRENGTH ? best : null;
  };
}

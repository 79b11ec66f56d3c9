/**
 * Query expansions from a general lexical resource (WordNet, src/text/wordnet.ts) instead of a
 * hand-made list: each content word of the question, and each pair of consecutive content words
 * WordNet knows as one term ("security deposit", "small claims"), brings the words of its most
 * frequent senses. Statute research reads these; the curated list (legal-thesaurus-entries.ts)
 * stays with the workspace's contract questions.
 */
import type { ThesaurusHit } from './legal-thesaurus.js';
import { isLegalOperator, isStopword } from './stopwords.js';
import { tokenize, type Token } from './tokens.js';
import { synonyms } from './wordnet.js';

/** Synonyms kept per word: WordNet lists the nearest senses first, and more is mostly noise. */
export const SYNONYMS_PER_WORD = 4;

const content = (t: Token) => !isStopword(t.norm, 'statutes') && !isLegalOperator(t.norm) && t.kind === 'word' && t.norm.length >= 3;

/** WordNet expansions of a question's content words and two-word terms, in question order. */
export function lexicalExpansions(question: string, tokens: Token[] = tokenize(question)): ThesaurusHit[] {
  const hits: ThesaurusHit[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (!content(t)) continue;
    const next = tokens[i + 1];
    if (next !== undefined && content(next) && question.slice(t.end, next.start).trim() === '') {
      const pair = `${t.norm} ${next.norm}`;
      const found = synonyms(pair, SYNONYMS_PER_WORD);
      if (found.length > 0 && !seen.has(pair)) {
        seen.add(pair);
        hits.push({ topic: 'wordnet', trigger: question.slice(t.start, next.end), start: t.start, end: next.end, expansions: found });
      }
    }
    if (seen.has(t.stem)) continue;
    seen.add(t.stem);
    const found = synonyms(t.norm, SYNONYMS_PER_WORD).filter((s) => tokenize(s).every((x) => x.stem !== t.stem));
    if (found.length > 0) hits.push({ topic: 'wordnet', trigger: t.text, start: t.start, end: t.end, expansions: found });
  }
  return hits;
}

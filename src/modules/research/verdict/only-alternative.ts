// One alternative claimed as the only one: "the governor may present recommendations ... only in
// writing" against "The governor may present ..., in person or in writing, requests,
// recommendations". The provision allows the other alternative, so "only" is wrong. The mirror of
// exclusion.ts, where the provision leaves out what the assertion claims.
import { contentStems } from './topic.js';
import type { Finding } from './evaluate-candidate.js';

/** "only" and what it limits to: an optional preposition and up to four words, to the clause's end. */
const ONLY = /\bonly\s+((?:(?:in|by|to|for|at|on|with|through|from|under|within|upon)\s+)?(?:[A-Za-z][\w'’-]*\s+){0,3}[A-Za-z][\w'’-]*)/gi;
/** Where the limited phrase stops: a clause boundary or a word that opens another clause. */
const PHRASE_STOP = /\s+(?:and|or|if|when|unless|after|before|until|while|but|that|which|who)\b|[,;:.]/i;

/**
 * The conflict when the assertion limits something to one phrase ("only in writing") that the
 * sentence offers as one of several joined by "or" ("in person or in writing"), the other not in the
 * assertion; else null. Longest phrase first: "only to the Mayor" is tried as "to the Mayor", then
 * "to the".
 */
export function onlyAlternativeConflict(assertion: string, sentence: string): Finding | null {
  const lowerAssertion = assertion.toLowerCase();
  for (const m of assertion.matchAll(ONLY)) {
    const limited = (m[1] as string).split(PHRASE_STOP)[0] as string;
    const words = limited.split(/\s+/);
    for (let n = words.length; n >= 1; n--) {
      const phrase = words.slice(0, n).join(' ');
      if (!contentStems(phrase).some((s) => s.length >= 4)) break;
      const found = alternativeAround(sentence, phrase);
      if (found !== null && !lowerAssertion.includes(found.other.toLowerCase())) {
        return { kind: 'negation-conflict', assertionWords: `only ${phrase}`, provisionWords: found.words, strength: 0.6 };
      }
    }
  }
  return null;
}

/** `phrase` in `sentence` as one side of an "or" ("in person or in writing"): the words of both sides and the other side. */
function alternativeAround(sentence: string, phrase: string): { words: string; other: string } | null {
  const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const before = new RegExp(`((?:[A-Za-z][\\w'’-]*\\s+){1,3})or\\s+(${escaped})\\b`, 'i').exec(sentence);
  if (before !== null) {
    const other = (before[1] as string).trim().split(/\s+/).slice(-(phrase.split(/\s+/).length)).join(' ');
    return { words: `${other} or ${before[2]}`, other };
  }
  const after = new RegExp(`\\b(${escaped}),?\\s+or\\s+((?:[A-Za-z][\\w'’-]*\\s*){1,3})`, 'i').exec(sentence);
  if (after !== null) {
    const other = (after[2] as string).trim().split(/\s+/).slice(0, phrase.split(/\s+/).length).join(' ');
    return { words: `${after[1]} or ${other}`, other };
  }
  return null;
}

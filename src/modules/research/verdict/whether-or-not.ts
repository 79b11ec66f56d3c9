// A condition the provision says does not matter, made one by the assertion: "all such orders shall
// be legal and binding upon ... creditors of the estate whether or not any notice is given of the
// application therefor" against "the court's orders bind the creditors only if notice of the
// application was given". "Whether or not" is how statutes say it.
import { contentStems } from './topic.js';
import type { Finding } from './evaluate-candidate.js';

/** What the provision makes indifferent, to the clause's end. */
const WHETHER_OR_NOT = /\bwhether\s+or\s+not\s+([^;:.,()]+)/gi;
/**
 * What the assertion makes necessary, to the clause's end. A bare "if" is left out: a sufficient
 * condition ("bind the creditors if notice was given") is true of an indifferent one too.
 */
const NECESSARY = /\b(?:only\s+(?:if|when|after|where)|unless|provided\s+that|on\s+condition\s+that)\s+([^;:.,()]+)/gi;
/** The share of the indifferent condition's content words the assertion's condition must state. */
const MIN_SHARED = 0.6;

/** The conflict when the assertion requires a condition that the sentence says does not matter; else null. */
export function indifferentConditionConflict(assertion: string, sentence: string): Finding | null {
  for (const indifferent of sentence.matchAll(WHETHER_OR_NOT)) {
    // Each alternative on its own: "whether or not any notice is given of the application or the order".
    for (const alternative of (indifferent[1] as string).split(/\s+or\s+/i)) {
      const theirs = new Set(contentStems(alternative));
      if (theirs.size === 0) continue;
      for (const necessary of assertion.matchAll(NECESSARY)) {
        const ours = new Set(contentStems(necessary[1] as string));
        const shared = [...theirs].filter((s) => ours.has(s)).length;
        if (shared >= MIN_SHARED * theirs.size) {
          return { kind: 'negation-conflict', assertionWords: necessary[0].trim(), provisionWords: indifferent[0].trim(), strength: 0.6 };
        }
      }
    }
  }
  return null;
}

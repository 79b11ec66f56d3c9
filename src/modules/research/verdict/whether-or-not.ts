// A condition the provision says does not matter, made one by the assertion: "all such orders shall
// be legal and binding upon ... creditors of the estate whether or not any notice is given of the
// application therefor" against "the court's orders bind the creditors only if notice of the
// application was given"; and the reverse, a condition the provision requires ("only if") that the
// assertion says does not matter ("even if", "regardless of whether").
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

/** What the assertion says does not matter, to the clause's end ("even if the requirements ... have not been met"). */
const INDIFFERENT = /\b(?:whether\s+or\s+not|regardless\s+of\s+whether|irrespective\s+of\s+whether|without\s+regard\s+to\s+whether|even\s+if|even\s+though)\s+([^;:.,()]+)/gi;
/** What the provision makes necessary: only an explicit "only if" (a bare "unless" often states an exception). */
const ONLY_IF = /\bonly\s+(?:if|when|after|upon|where)\s+([^;:.,()]+)/gi;

/** The share of `condition`'s content words that `clause` states. */
function sharedShare(condition: string, clause: string): number {
  const theirs = new Set(contentStems(condition));
  if (theirs.size === 0) return 0;
  const ours = new Set(contentStems(clause));
  return [...theirs].filter((s) => ours.has(s)).length / theirs.size;
}

/**
 * The conflict when the assertion requires a condition that the sentence says does not matter, or
 * says does not matter a condition the sentence requires: "may be modified even if the requirements
 * of section 14-5-611 or 14-5-613 have not been met" against "may be modified only if the requirements
 * of section 14-5-611 or 14-5-613 have been met". Else null.
 */
export function indifferentConditionConflict(assertion: string, sentence: string): Finding | null {
  for (const necessary of sentence.matchAll(ONLY_IF)) {
    for (const indifferent of assertion.matchAll(INDIFFERENT)) {
      if (sharedShare(necessary[1] as string, indifferent[1] as string) >= MIN_SHARED) {
        return { kind: 'negation-conflict', assertionWords: indifferent[0].trim(), provisionWords: necessary[0].trim(), strength: 0.6 };
      }
    }
  }
  for (const indifferent of sentence.matchAll(WHETHER_OR_NOT)) {
    // Each alternative on its own: "whether or not any notice is given of the application or the order".
    for (const alternative of (indifferent[1] as string).split(/\s+or\s+/i)) {
      for (const necessary of assertion.matchAll(NECESSARY)) {
        if (sharedShare(alternative, necessary[1] as string) >= MIN_SHARED) {
          return { kind: 'negation-conflict', assertionWords: necessary[0].trim(), provisionWords: indifferent[0].trim(), strength: 0.6 };
        }
      }
    }
  }
  return null;
}

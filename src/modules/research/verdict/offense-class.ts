// Classes of offence ("Class 1 misdemeanor", "Class 4 felony") are values an assertion can get
// wrong, like a number of days: "hazing is a Class 2 misdemeanor" against "is guilty of a Class 1
// misdemeanor". The class an assertion claims is one in predicate position ("is a Class 1
// misdemeanor"); another one names its subject ("a Class 4 felony is punishable by ..."). Pure.
import type { Finding } from './evaluate-candidate.js';

export interface OffenseClass {
  /** "1 misdemeanor", "4 felony": comparable form. */
  key: string;
  /** As written. */
  text: string;
  /** In predicate position ("is a Class 1 misdemeanor"), not naming a subject ("a Class 4 felony is ..."). */
  predicate: boolean;
}

const CLASS_RE = /\bclass\s+([0-9]+|[a-z])\s+(felon(?:y|ies)|misdemeanou?rs?)\b/gi;

/** Words before a class that make it what the sentence says something is ("is a", "guilty of a", "punishable as a", "commits a"). */
const PREDICATE_BEFORE = /\b(?:is|are|be|been|as|of|constitutes?|becomes?|commits?|committed)\s+(?:an?\s+)?$/i;

export function offenseClasses(text: string): OffenseClass[] {
  return [...text.matchAll(CLASS_RE)].map((m) => ({
    key: `${(m[1] ?? '').toLowerCase()} ${/^felon/i.test(m[2] ?? '') ? 'felony' : 'misdemeanor'}`,
    text: m[0],
    predicate: PREDICATE_BEFORE.test(text.slice(Math.max(0, (m.index ?? 0) - 30), m.index ?? 0)),
  }));
}

/** The class an assertion claims something is: its last class in predicate position, or null. */
export function claimedClass(text: string): OffenseClass | null {
  return offenseClasses(text).filter((c) => c.predicate).pop() ?? null;
}

/** A match or conflict between the class the assertion claims and the classes the sentence states, or null. */
export function offenseClassFinding(assertion: string, sentence: string): Finding | null {
  const claim = claimedClass(assertion);
  if (claim === null) return null;
  const subjects = new Set(offenseClasses(assertion).filter((c) => c !== claim && c.key !== claim.key).map((c) => c.key));
  const stated = offenseClasses(sentence);
  // A sentence that does not name the assertion's subject class says nothing about what that class is.
  if (subjects.size > 0 && !stated.some((c) => subjects.has(c.key))) return null;
  const same = stated.find((s) => s.key === claim.key);
  if (same !== undefined) return { kind: 'quantity-match', assertionWords: claim.text, provisionWords: same.text, strength: 0.9 };
  // The sentence's own class (not the subject the assertion names) differs from the claimed one.
  const other = stated.find((s) => !subjects.has(s.key));
  if (other !== undefined) return { kind: 'quantity-conflict', assertionWords: claim.text, provisionWords: other.text, strength: 0.8 };
  return null;
}

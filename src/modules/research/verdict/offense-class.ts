// Classes of offence ("Class 1 misdemeanor", "Class 4 felony") are values an assertion can get
// wrong, like a number of days: "hazing is a Class 2 misdemeanor" against "is guilty of a Class 1
// misdemeanor". The class an assertion claims is one in predicate position ("is a Class 1
// misdemeanor"); another one names its subject ("a Class 4 felony is punishable by ..."). Pure.
import type { Finding } from './evaluate-candidate.js';

export interface OffenseClass {
  /** "1 misdemeanor", "4 felony": comparable form; just "felony" or "misdemeanor" when no class is named. */
  key: string;
  grade: 'felony' | 'misdemeanor';
  /** As written. */
  text: string;
  /** In predicate position ("is a Class 1 misdemeanor"), not naming a subject ("a Class 4 felony is ..."). */
  predicate: boolean;
}

const CLASS_RE = /\bclass\s+([0-9]+|[a-z])\s+(felon(?:y|ies)|misdemeanou?rs?)\b/gi;

/** Words before a class that make it what the sentence says something is ("is a", "guilty of a", "punishable as a", "commits a"). */
const PREDICATE_BEFORE = /\b(?:is|are|be|been|as|of|constitutes?|becomes?|commits?|committed)\s+(?:an?\s+)?$/i;

/** A grade named without a class ("is guilty of a misdemeanor"). */
const GRADE_RE = /\b(felony|misdemeanou?r)\b/gi;
/**
 * Only these words make a bare grade what something is: "is guilty of a felony", "commits a
 * misdemeanor". After a bare "of" it names a subject ("convicted of a felony").
 */
const GRADE_PREDICATE_BEFORE = /\b(?:is|are|be|been|constitutes?|commits?|committed)\s+(?:guilty\s+of\s+)?an?\s+$/i;

export function offenseClasses(text: string): OffenseClass[] {
  const numbered = [...text.matchAll(CLASS_RE)].map((m): OffenseClass & { at: number } => {
    const grade = /^felon/i.test(m[2] ?? '') ? 'felony' : 'misdemeanor';
    return { key: `${(m[1] ?? '').toLowerCase()} ${grade}`, grade, text: m[0], at: m.index, predicate: PREDICATE_BEFORE.test(text.slice(Math.max(0, m.index - 30), m.index)) };
  });
  const bare = [...text.matchAll(GRADE_RE)]
    .filter((m) => !numbered.some((n) => m.index >= n.at && m.index < n.at + n.text.length))
    .map((m): OffenseClass & { at: number } => {
      const grade = /^felon/i.test(m[1] ?? '') ? 'felony' : 'misdemeanor';
      return { key: grade, grade, text: m[0], at: m.index, predicate: GRADE_PREDICATE_BEFORE.test(text.slice(Math.max(0, m.index - 30), m.index)) };
    });
  return [...numbered, ...bare].sort((x, y) => x.at - y.at).map(({ at: _at, ...c }) => c);
}

/** Whether two classes are the same: the same key, or the same grade when either names no class. */
function same(a: OffenseClass, b: OffenseClass): boolean {
  return a.key === b.key || ((a.key === a.grade || b.key === b.grade) && a.grade === b.grade);
}

/** The class an assertion claims something is: its last class in predicate position, or null. */
export function claimedClass(text: string): OffenseClass | null {
  return offenseClasses(text).filter((c) => c.predicate).pop() ?? null;
}

/** A match or conflict between the class the assertion claims and the classes the sentence states, or null. */
export function offenseClassFinding(assertion: string, sentence: string): Finding | null {
  const claim = claimedClass(assertion);
  if (claim === null) return null;
  const subjects = offenseClasses(assertion).filter((c) => c !== claim && !same(c, claim));
  const isSubject = (c: OffenseClass) => subjects.some((x) => same(x, c));
  const stated = offenseClasses(sentence);
  // A sentence that does not name the assertion's subject class says nothing about what that class is.
  if (subjects.length > 0 && !stated.some(isSubject)) return null;
  const match = stated.find((s) => same(s, claim));
  if (match !== undefined) return { kind: 'quantity-match', assertionWords: claim.text, provisionWords: match.text, strength: 0.9 };
  // The sentence's own class (not the subject the assertion names) differs from the claimed one.
  const other = stated.find((s) => !isSubject(s));
  if (other !== undefined) return { kind: 'quantity-conflict', assertionWords: claim.text, provisionWords: other.text, strength: 0.8 };
  return null;
}

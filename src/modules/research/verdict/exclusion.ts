// An exclusion the provision states and the assertion contradicts: "'Account' means any deposit or
// credit account with a bank, ... other than an account evidenced by a certificate of deposit"
// against "an account includes an account evidenced by a certificate of deposit". The words a
// definition or a grant leaves out cannot be claimed for it.
import { contentStems } from './topic.js';
import type { Finding } from './evaluate-candidate.js';

/**
 * Words that carve something out of what comes before them. "except" and "unless" are left out on
 * purpose: they carve exceptions from prohibitions and duties ("shall not disclose except to
 * employees"), which an assertion states positively when it is right.
 */
const EXCLUSION = /\b(?:other\s+than|excluding|not\s+including|but\s+not|does\s+not\s+include|do\s+not\s+include|shall\s+not\s+include)\b/gi;
/** Negation or prohibition before the exclusion makes it an exception to a prohibition ("no person other than a physician shall"). */
const NEGATED = /\b(?:no|not|never|neither|nor|none|nothing|shall\s+not|may\s+not|must\s+not|cannot)\b/i;
/** An assertion that itself excludes, negates or limits is not claiming the excluded thing. */
const ASSERTION_LIMITS = /\b(?:other\s+than|excluding|except|unless|not|no|never|only|neither|nor|without)\b/i;
/** The excluded phrase ends at the clause's end. */
const PHRASE_END = /[;:.,()]|\band\b|\bor\b/i;
/** The least content words an excluded phrase needs for a claim of it to be recognised. */
const MIN_PHRASE_STEMS = 2;
/** The share of the excluded phrase's content words the assertion must state. */
const MIN_COVERED = 0.75;

/** A conflict when `sentence` excludes what the assertion claims for it, else null. */
export function exclusionConflict(assertion: string, sentence: string): Finding | null {
  if (ASSERTION_LIMITS.test(assertion)) return null;
  const claimed = new Set(contentStems(assertion));
  EXCLUSION.lastIndex = 0;
  for (let m = EXCLUSION.exec(sentence); m !== null; m = EXCLUSION.exec(sentence)) {
    if (NEGATED.test(sentence.slice(0, m.index))) continue;
    const rest = sentence.slice(m.index + m[0].length);
    const end = PHRASE_END.exec(rest);
    const phrase = rest.slice(0, end === null ? rest.length : end.index).trim();
    const stems = [...new Set(contentStems(phrase))];
    if (stems.length < MIN_PHRASE_STEMS) continue;
    const covered = stems.filter((s) => claimed.has(s)).length;
    if (covered / stems.length < MIN_COVERED) continue;
    return { kind: 'negation-conflict', assertionWords: phrase, provisionWords: `${m[0]} ${phrase}`, strength: 0.6 };
  }
  return null;
}

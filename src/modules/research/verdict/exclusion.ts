// An exclusion the provision states and the assertion contradicts: "'Account' means any deposit or
// credit account with a bank, ... other than an account evidenced by a certificate of deposit"
// against "an account includes an account evidenced by a certificate of deposit". The words a
// definition or a grant leaves out cannot be claimed for it.
import { contentStems } from './topic.js';
import type { Finding } from './evaluate-candidate.js';

/**
 * Words that carve something out of what comes before them, or set it apart from something ("a fund
 * separate and apart from the General Fund"). "except" and "unless" are left out on
 * purpose: they carve exceptions from prohibitions and duties ("shall not disclose except to
 * employees"), which an assertion states positively when it is right ("except" after a grant is
 * read below).
 */
const EXCLUSION = /\b(?:other\s+than|excluding|not\s+including|but\s+not|does\s+not\s+include|do\s+not\s+include|shall\s+not\s+include|separate(?:\s+and\s+apart)?\s+from|distinct\s+from)\b/gi;
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

/** "except" after a grant: it carves out of a permission, as "other than" does out of a definition. */
const EXCEPT = /\bexcept\b/gi;
/** The modal words; the last before "except" says what it carves out of. */
const MODALS = /\b(?:shall|may|must|will)\b/gi;
/** An excepted item of a grant ends at the clause's end: its own list ("standards, rules and regulations") is part of it. */
const CLAUSE_END = /[;:.()]/;

/**
 * Whether the "except" at `at` carves out of a grant: the last modal before it is "may", with no
 * negation from there ("the Board may delegate ... any of the powers ... except the adoption of
 * standards"). After a duty or a prohibition it carves the other way ("shall not disclose except to
 * employees"), which an assertion states positively when it is right.
 */
function exceptsFromGrant(sentence: string, at: number): boolean {
  const before = sentence.slice(0, at);
  let last: RegExpExecArray | null = null;
  MODALS.lastIndex = 0;
  for (let m = MODALS.exec(before); m !== null; m = MODALS.exec(before)) last = m;
  return last !== null && last[0].toLowerCase() === 'may' && !NEGATED.test(before.slice(last.index));
}

/** The excluded phrase after `from` in `text`, cut where `end` says, and its distinct content stems. */
function excludedPhrase(text: string, from: number, end: RegExp): { phrase: string; stems: string[] } {
  const rest = text.slice(from);
  const stop = end.exec(rest);
  const phrase = rest.slice(0, stop === null ? rest.length : stop.index).trim();
  return { phrase, stems: [...new Set(contentStems(phrase))] };
}

/**
 * The assertion's own words that state the excluded phrase's stems: the shortest stretch of it that
 * holds every one of them it says ("an account evidenced by a certificate of deposit", not from the
 * "deposits" of "the bank deposits and collections article" on), with the words of them beside it.
 */
function claimedWords(assertion: string, stems: string[]): string {
  const wanted = new Set(stems);
  const hits = [...assertion.matchAll(/[A-Za-z][A-Za-z'’-]*/g)]
    .map((m) => ({ at: m.index, end: m.index + m[0].length, stem: contentStems(m[0])[0] ?? '' }))
    .filter((h) => wanted.has(h.stem));
  const needed = new Set(hits.map((h) => h.stem)).size;
  let best: { from: number; to: number } | null = null;
  for (let i = 0; i < hits.length; i++) {
    const seen = new Set<string>();
    for (let j = i; j < hits.length; j++) {
      seen.add(hits[j]!.stem);
      if (seen.size < needed) continue;
      if (best === null || hits[j]!.end - hits[i]!.at < hits[best.to]!.end - hits[best.from]!.at) best = { from: i, to: j };
      break;
    }
  }
  if (best === null) return '';
  // A name the stretch cuts ("the General | Fund") runs on through the words of it next to the stretch.
  const adjacent = (a: { end: number }, b: { at: number }) => /^\s+$/.test(assertion.slice(a.end, b.at));
  let { from, to } = best;
  while (to + 1 < hits.length && adjacent(hits[to]!, hits[to + 1]!)) to++;
  while (from > 0 && adjacent(hits[from - 1]!, hits[from]!)) from--;
  return assertion.slice(hits[from]!.at, hits[to]!.end);
}

/** A conflict when `sentence` excludes what the assertion claims for it, else null. */
export function exclusionConflict(assertion: string, sentence: string): Finding | null {
  if (ASSERTION_LIMITS.test(assertion)) return null;
  const claimed = new Set(contentStems(assertion));
  const claims = (stems: string[]) => stems.length >= MIN_PHRASE_STEMS && stems.filter((s) => claimed.has(s)).length / stems.length >= MIN_COVERED;
  EXCEPT.lastIndex = 0;
  for (let m = EXCEPT.exec(sentence); m !== null; m = EXCEPT.exec(sentence)) {
    if (!exceptsFromGrant(sentence, m.index)) continue;
    const { phrase, stems } = excludedPhrase(sentence, m.index + m[0].length, CLAUSE_END);
    if (claims(stems)) return { kind: 'negation-conflict', assertionWords: claimedWords(assertion, stems), provisionWords: `${m[0]} ${phrase}`, strength: 0.6 };
  }
  EXCLUSION.lastIndex = 0;
  for (let m = EXCLUSION.exec(sentence); m !== null; m = EXCLUSION.exec(sentence)) {
    if (NEGATED.test(sentence.slice(0, m.index))) continue;
    const { phrase, stems } = excludedPhrase(sentence, m.index + m[0].length, PHRASE_END);
    if (!claims(stems)) continue;
    return { kind: 'negation-conflict', assertionWords: claimedWords(assertion, stems), provisionWords: `${m[0]} ${phrase}`, strength: 0.6 };
  }
  return null;
}

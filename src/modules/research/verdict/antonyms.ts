// Negation written into a word: "paid" against "unpaid", "resident" against "nonresident", and the
// opposites WordNet records ("approved" against "disapproved", "valid" against "invalid"). The
// statement-level negation rules look for "not"/"no"; these opposites carry no such word.
import { antonyms, antonymsOfDefiningVerb, baseForms, deniedInGloss } from '../../../text/wordnet.js';
import { contentStems } from './topic.js';

/** Words that start with un-/non- without negating anything. */
const NOT_PREFIXED = new Set([
  'under', 'undergo', 'understand', 'understood', 'undertake', 'undertaking', 'underwrite', 'underlying', 'until', 'unit', 'units',
  'union', 'unions', 'uniform', 'unify', 'unique', 'universal', 'university', 'unless', 'unanimous', 'none', 'nonetheless', 'nonce',
]);
const PREFIX = /^(un|non-?)(.{4,})$/;

export interface Antonym {
  /** The word as the assertion writes it. */
  assertion: string;
  /** Its opposite as the provision writes it. */
  provision: string;
}

/** A word as these rules read it: lower-case letters, hyphens inside. */
const WORD = /[a-z][a-z-]*[a-z]/g;

function words(text: string): Set<string> {
  return new Set(text.toLowerCase().match(WORD) ?? []);
}

/** Words the text writes only capitalised and never first in a sentence: parts of names and titles. */
function nameWords(text: string): Set<string> {
  const lower = new Set(text.match(/\b[a-z][a-z-]*[a-z]\b/g) ?? []);
  const named = new Set<string>();
  for (const m of text.matchAll(/\b[A-Z][a-z-]*[a-z]\b/g)) {
    const first = /(?:^|[.!?;:]\s*|["“(]\s*)$/.test(text.slice(0, m.index));
    const word = m[0].toLowerCase();
    if (!first && !lower.has(word)) named.add(word);
  }
  return named;
}

/** Splits "unpaid" into "paid", "non-resident" into "resident"; null for words that are not negated forms. */
function base(word: string): string | null {
  if (NOT_PREFIXED.has(word)) return null;
  const m = PREFIX.exec(word);
  return m ? (m[2] ?? null) : null;
}

/**
 * The first word of the assertion whose opposite the sentence uses, when the sentence never uses the
 * assertion's own form: prefixed ("paid break periods" against "unpaid break periods", or the
 * reverse), else one WordNet records (lexicalAntonym).
 */
export function opposedWord(assertion: string, sentence: string): Antonym | null {
  const mine = words(assertion);
  // Words of a name mean no quality: the "National Association of Insurance Commissioners" is not
  // the opposite of "international law enforcement authorities".
  for (const word of nameWords(assertion)) mine.delete(word);
  const theirs = words(sentence);
  for (const word of mine) {
    if (word.length < 4 || theirs.has(word)) continue;
    for (const opposite of [`un${word}`, `non${word}`, `non-${word}`]) {
      if (theirs.has(opposite) && !NOT_PREFIXED.has(opposite)) return { assertion: word, provision: opposite };
    }
    const positive = base(word);
    if (positive !== null && theirs.has(positive) && !mine.has(positive)) return { assertion: word, provision: positive };
  }
  return lexicalAntonym(assertion, sentence, mine, theirs) ?? deniedByDefinition(mine, theirs, sentence) ?? opposedByDefinition(assertion, sentence, mine, theirs);
}

/**
 * The first word of the assertion whose WordNet definition denies a word the sentence states without
 * a negation before it: "exempt from civil forfeiture" ("freed from or not subject to an obligation")
 * against "is subject to civil forfeiture". A sentence that says "not subject" agrees.
 */
function deniedByDefinition(mine: Set<string>, theirs: Set<string>, sentence: string): Antonym | null {
  for (const word of mine) {
    if (word.length < 4 || theirs.has(word)) continue;
    for (const denied of deniedInGloss(word)) {
      if (mine.has(denied)) continue;
      const stated = [...sentence.matchAll(new RegExp(`\\b${denied}\\b`, 'gi'))].find((m) => !NEGATED_BEFORE.test(sentence.slice(Math.max(0, m.index - 30), m.index)));
      if (stated !== undefined) return { assertion: word, provision: stated[0] };
    }
  }
  return null;
}

/** Words after a verb that must match for opposedByDefinition: "the right to demand". */
const SHARED_OBJECT_WORDS = 3;

/**
 * A verb of the sentence whose definition opens with the opposite of the assertion's verb, both
 * followed by the same words: "keeps the right to demand payment" against "waives the right to
 * demand payment" ("waive": "lose ... the right to"; "lose" is the opposite of "keep"). Either
 * verb may be the defined one. A definition's opening verb is broad ("let", "give"), so the two
 * verbs must act on the same object, word for word, before their difference counts.
 */
function opposedByDefinition(assertion: string, sentence: string, mine: Set<string>, theirs: Set<string>): Antonym | null {
  const ours = assertion.toLowerCase().match(WORD) ?? [];
  const provision = sentence.toLowerCase().match(WORD) ?? [];
  const following = (list: string[], i: number) => list.slice(i + 1, i + 1 + SHARED_OBJECT_WORDS).join(' ');
  // The assertion's verbs that could differ from the sentence's, each with the words after it.
  const verbs = ours.flatMap((word, i) => (i + SHARED_OBJECT_WORDS < ours.length && word.length >= 4 && !theirs.has(word) ? [{ word, object: following(ours, i) }] : []));
  for (let j = 0; j + SHARED_OBJECT_WORDS < provision.length; j++) {
    const theirWord = provision[j] as string;
    if (theirWord.length < 4 || mine.has(theirWord)) continue;
    const object = following(provision, j);
    for (const { word, object: ourObject } of verbs) {
      if (ourObject !== object) continue;
      if (openedByOpposite(theirWord, word) || openedByOpposite(word, theirWord)) return { assertion: word, provision: theirWord };
    }
  }
  return null;
}
/** Whether `defined`'s definition opens with a verb whose opposite is `other` (in a base form). */
function openedByOpposite(defined: string, other: string): boolean {
  const opposites = new Set(antonymsOfDefiningVerb(defined));
  return baseForms(other, 'verb').some((f) => opposites.has(f));
}

/** A negation in the few words before a word: "is not subject to", "never subject to". */
const NEGATED_BEFORE = /\b(?:not|no|never|nor|neither)\s+(?:[a-z]+\s+){0,2}$/i;

/**
 * The first word of the assertion the sentence never uses whose WordNet antonym it does use, in a form
 * the assertion never uses: "deemed disapproved" against "shall be deemed approved". Both forms are
 * compared as written, since a sentence that says "approve or disapprove" uses both.
 */
function lexicalAntonym(assertion: string, sentence: string, mine: Set<string>, theirs: Set<string>): Antonym | null {
  const candidates = [...theirs].filter((w) => w.length >= 4 && !mine.has(w));
  for (const word of mine) {
    if (word.length < 4 || theirs.has(word)) continue;
    const opposites = new Set(antonyms(word));
    if (opposites.size === 0) continue;
    const opposes = (w: string) => baseForms(w, 'verb').some((f) => opposites.has(f)) || baseForms(w, 'adj').some((f) => opposites.has(f));
    const found = candidates.find((w) => opposes(w) && shareNeighbour(neighbours(assertion, word), neighbours(sentence, w)));
    if (found !== undefined) return { assertion: word, provision: found };
  }
  return null;
}

/** Words on either side of an opposed word that say what it qualifies. */
const NEIGHBOURHOOD = 4;

/**
 * The content stems within NEIGHBOURHOOD words of each use of `word`. Two opposites speak of the
 * same thing only when their neighbourhoods share one: "the same acts" is no denial of "such other
 * provision" ("other" is WordNet's opposite of "same", and nearly every sentence says it), while
 * "deemed disapproved" is one of "deemed approved".
 */
function neighbours(text: string, word: string): Set<string> {
  const words = text.toLowerCase().match(WORD) ?? [];
  const out = new Set<string>();
  words.forEach((w, i) => {
    if (w !== word) return;
    for (const near of words.slice(Math.max(0, i - NEIGHBOURHOOD), i + NEIGHBOURHOOD + 1)) if (near !== word) for (const stem of contentStems(near)) out.add(stem);
  });
  return out;
}

function shareNeighbour(a: Set<string>, b: Set<string>): boolean {
  for (const stem of a) if (b.has(stem)) return true;
  return false;
}

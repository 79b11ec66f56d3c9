// A different name in the same place: "the Secretary of Defense shall carry out this chapter"
// against "the Secretary of Transportation shall carry out this chapter", "serves at the pleasure
// of the Council" against "serves at the pleasure of the Mayor". The words before the name anchor
// it; a provision that says them and then names someone else names another office or body.
import type { Finding } from './evaluate-candidate.js';
import { isStopword } from '../../../text/stopwords.js';

/** A word; the capitalised ones are names, or words of an office's or a body's title. */
const WORD = /[A-Za-z][A-Za-z'’-]*/g;
/** Names of places every provision of a jurisdiction may or may not repeat: never the point of a claim. */
const PLACES = new Set(['d', 'c', 'district', 'columbia', 'united', 'states', 'virginia', 'colorado', 'commonwealth', 'u', 's', 'federal', 'state']);
/** Anchor words before the name: at most this many, and at least one of them a content word. */
const MAX_ANCHOR = 3;

interface Word {
  text: string;
  lower: string;
  start: number;
  end: number;
}

function words(text: string): Word[] {
  // A possessive names what its word names: "Company's" is the Company.
  return [...text.matchAll(WORD)].map((m) => ({ text: m[0], lower: m[0].toLowerCase().replace(/['’]s$/, ''), start: m.index, end: m.index + m[0].length }));
}

const upper = (w: Word) => /^[A-Z]/.test(w.text);
const capitalised = (w: Word) => upper(w) && !PLACES.has(w.lower);

/**
 * The conflict when `sentence` says the words before a capitalised word of the assertion and then
 * names, capitalised, someone the assertion does not: the first such, else null. The assertion's
 * name must be missing from the sentence (a sentence naming both says nothing against it).
 */
export function nameSlotConflict(assertion: string, sentence: string): Finding | null {
  const ours = words(assertion);
  const theirs = words(sentence);
  const inSentence = new Set(theirs.map((w) => w.lower));
  const inAssertion = new Set(ours.map((w) => w.lower));
  const lowerAssertion = assertion.toLowerCase();
  for (let i = 1; i < ours.length; i++) {
    const name = ours[i] as Word;
    if (!capitalised(name) || name.lower.length < 3 || inSentence.has(name.lower)) continue;
    const anchor = anchorBefore(assertion, ours, i);
    if (anchor === null) continue;
    for (let j = anchor.length; j < theirs.length; j++) {
      const other = theirs[j] as Word;
      if (!capitalised(other)) continue;
      if (!anchor.every((a, k) => theirs[j - anchor.length + k]?.lower === a.lower)) continue;
      const from = (theirs[j - anchor.length] as Word).start;
      if (!ONE_PHRASE.test(sentence.slice(from, other.start))) continue;
      // The whole name the sentence gives ("the Secretary of State"): another name, unless the
      // assertion says it too; one word of it in the assertion ("the Secretary of Health") is not the name.
      const named = sentence.slice(other.start, nameEnd(sentence, theirs, j)).toLowerCase();
      if (inAssertion.has(other.lower) && (named === other.lower || lowerAssertion.includes(named))) continue;
      return {
        kind: 'name-conflict',
        assertionWords: assertion.slice((anchor[0] as Word).start, nameEnd(assertion, ours, i)),
        provisionWords: sentence.slice(from, nameEnd(sentence, theirs, j)),
        strength: 0.7,
      };
    }
  }
  return null;
}

/** Words and the spaces between them, no punctuation: an anchor and its name run as one phrase. */
const ONE_PHRASE = /^[A-Za-z'’-]+(?:\s+[A-Za-z'’-]+)*\s+$/;

/** The one to MAX_ANCHOR words before `ours[i]`, the fewest that hold a content word; null when none do. */
function anchorBefore(text: string, ours: Word[], i: number): Word[] | null {
  const name = ours[i] as Word;
  for (let n = 1; n <= MAX_ANCHOR && i - n >= 0; n++) {
    const anchor = ours.slice(i - n, i);
    if (!ONE_PHRASE.test(text.slice((anchor[0] as Word).start, name.start))) return null;
    // After a capitalised word the name goes on ("Coast Guard Academy"): another name there is
    // another thing, not another holder of the same place ("Secretary of Defense" keeps "of").
    if (capitalised(anchor[anchor.length - 1] as Word)) return null;
    if (anchor.some((w) => !isStopword(w.lower, 'statutes'))) return anchor;
  }
  return null;
}

/** Joining words inside a name: "Secretary of State", "Health and Human Services". */
const NAME_JOINERS = new Set(['of', 'and', 'for']);

/**
 * Where the name starting at `list[i]` ends: through the capitalised words after it ("Homeland
 * Security") and the joining words between them ("Secretary of State"), with nothing but spaces between.
 */
function nameEnd(text: string, list: Word[], i: number): number {
  let k = i;
  const spaced = (a: Word, b: Word) => /^\s+$/.test(text.slice(a.end, b.start));
  for (;;) {
    const next = list[k + 1];
    const after = list[k + 2];
    // Inside a name a place is part of it: "Secretary of State", "Department of Health".
    if (next !== undefined && upper(next) && spaced(list[k] as Word, next)) k++;
    else if (next !== undefined && after !== undefined && NAME_JOINERS.has(next.text) && upper(after) && spaced(list[k] as Word, next) && spaced(next, after)) k += 2;
    else break;
  }
  return (list[k] as Word).end;
}

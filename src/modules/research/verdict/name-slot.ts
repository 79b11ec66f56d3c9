// A different name in the same place: "the Secretary of Defense shall carry out this chapter"
// against "the Secretary of Transportation shall carry out this chapter", "serves at the pleasure
// of the Council" against "serves at the pleasure of the Mayor". The words before the name anchor
// it; a provision that says them and then names someone else names another office or body.
import type { Finding } from './evaluate-candidate.js';
import { isStopword } from '../../../text/stopwords.js';

/** A capitalised word: a name, or a word of an office's or a body's title. */
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

const capitalised = (w: Word) => /^[A-Z]/.test(w.text) && !PLACES.has(w.lower);

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
  for (let i = 1; i < ours.length; i++) {
    const name = ours[i] as Word;
    if (!capitalised(name) || name.lower.length < 3 || inSentence.has(name.lower)) continue;
    const anchor = anchorBefore(assertion, ours, i);
    if (anchor === null) continue;
    for (let j = anchor.length; j < theirs.length; j++) {
      const other = theirs[j] as Word;
      if (!capitalised(other) || inAssertion.has(other.lower)) continue;
      if (!anchor.every((a, k) => theirs[j - anchor.length + k]?.lower === a.lower)) continue;
      const from = (theirs[j - anchor.length] as Word).start;
      if (!ONE_PHRASE.test(sentence.slice(from, other.start))) continue;
      return {
        kind: 'name-conflict',
        assertionWords: assertion.slice((anchor[0] as Word).start, nameEnd(ours, i)),
        provisionWords: sentence.slice(from, nameEnd(theirs, j)),
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
    if (anchor.some((w) => !isStopword(w.lower))) return anchor;
  }
  return null;
}

/** Where the name starting at `list[i]` ends: through the capitalised words after it ("Homeland Security"). */
function nameEnd(list: Word[], i: number): number {
  let k = i;
  while (k + 1 < list.length && capitalised(list[k + 1] as Word)) k++;
  return (list[k] as Word).end;
}

// A different name in the same place: "the Secretary of Defense shall carry out this chapter"
// against "the Secretary of Transportation shall carry out this chapter", "serves at the pleasure
// of the Council" against "serves at the pleasure of the Mayor". The words before the name anchor
// it; a provision that says them and then names someone else names another office or body. Or the
// words after it, for the one who acts (actorSlotConflict): "the Secretary of Defense prescribes the
// authorized strength" against "The President shall prescribe the authorized strength".
import type { Finding } from './evaluate-candidate.js';
import { stemmer } from 'stemmer';
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

/** Words between a name and its verb that say how, not what: modals and auxiliaries ("shall", "is to"). */
const VERB_SCAFFOLD = new Set(['shall', 'must', 'may', 'will', 'should', 'can', 'is', 'are', 'be', 'has', 'have', 'to', 'also', 'alone', 'only', 'hereby']);
/** Content words after a name compared: its verb and the head of what it governs. */
const ACTION_WORDS = 2;

/** A capitalised word that can be a name's: not a place, and not a function word capitalised to open a sentence ("The"). */
const nameWord = (w: Word) => capitalised(w) && !isStopword(w.lower, 'statutes');

/** Where each name of `list` starts: a capitalised word that no name word or joiner before it continues. */
function nameStarts(text: string, list: Word[]): number[] {
  const starts: number[] = [];
  for (let i = 0; i < list.length; i++) {
    if (!nameWord(list[i] as Word)) continue;
    const before = list[i - 1];
    const joined = before !== undefined && /^\s+$/.test(text.slice(before.end, (list[i] as Word).start)) && (nameWord(before) || (NAME_JOINERS.has(before.text) && list[i - 2] !== undefined && nameWord(list[i - 2] as Word)));
    if (!joined) starts.push(i);
  }
  return starts;
}

/**
 * Whether the name starting at `list[i]` opens its clause, where a subject stands: only function
 * words ("the", "each") between it and the start of the sentence or the last comma, semicolon or colon.
 */
function opensClause(text: string, list: Word[], i: number): boolean {
  const start = (list[i] as Word).start;
  const boundary = Math.max(text.lastIndexOf(',', start), text.lastIndexOf(';', start), text.lastIndexOf(':', start));
  return list.slice(0, i).every((w) => w.end <= boundary || isStopword(w.lower, 'statutes'));
}

/**
 * The stems of the first ACTION_WORDS content words after the name ending at `end` (modals and
 * auxiliaries skipped), read only while nothing but words and spaces follow the name; null when fewer.
 */
function actionWordsAfter(text: string, list: Word[], end: number): string[] | null {
  const out: string[] = [];
  let at = end;
  for (const w of list) {
    if (w.start < end) continue;
    if (!/^\s+$/.test(text.slice(at, w.start))) return null;
    at = w.end;
    if (VERB_SCAFFOLD.has(w.lower) || isStopword(w.lower, 'statutes')) continue;
    out.push(stemmer(w.lower));
    if (out.length === ACTION_WORDS) return out;
  }
  return null;
}

/**
 * The conflict when the assertion names someone, capitalised, as doing something ("the Secretary
 * of Defense prescribes the authorized strength") and `sentence` names someone else, whom the
 * assertion does not name, as doing it ("The President shall prescribe the authorized strength"):
 * the same verb and object right after each name, each name opening its clause, where the subject
 * stands. The assertion's name must be missing from the sentence. Null otherwise.
 */
export function actorSlotConflict(assertion: string, sentence: string): Finding | null {
  const ours = words(assertion);
  const theirs = words(sentence);
  const inSentence = new Set(theirs.map((w) => w.lower));
  const inAssertion = new Set(ours.map((w) => w.lower));
  for (const i of nameStarts(assertion, ours)) {
    if (!opensClause(assertion, ours, i)) continue;
    const end = nameEnd(assertion, ours, i);
    const name = ours.filter((w) => w.start >= (ours[i] as Word).start && w.end <= end && nameWord(w));
    if (name.some((w) => inSentence.has(w.lower) || w.lower.length < 3)) continue;
    const action = actionWordsAfter(assertion, ours, end);
    if (action === null) continue;
    for (const j of nameStarts(sentence, theirs)) {
      if (!opensClause(sentence, theirs, j)) continue;
      const theirEnd = nameEnd(sentence, theirs, j);
      const theirName = theirs.filter((w) => w.start >= (theirs[j] as Word).start && w.end <= theirEnd && nameWord(w));
      if (theirName.length === 0 || theirName.some((w) => inAssertion.has(w.lower))) continue;
      const theirAction = actionWordsAfter(sentence, theirs, theirEnd);
      if (theirAction === null || theirAction.join(' ') !== action.join(' ')) continue;
      return {
        kind: 'name-conflict',
        assertionWords: assertion.slice((ours[i] as Word).start, end),
        provisionWords: sentence.slice((theirs[j] as Word).start, theirEnd),
        strength: 0.7,
      };
    }
  }
  return null;
}

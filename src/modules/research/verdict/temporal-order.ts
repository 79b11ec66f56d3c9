// Before and after as opposites: "payment for services rendered after the issuance of any order"
// against "payment for services rendered prior to the issuance of any order". English says which of
// two events comes first with a closed class of words, so they are listed here whole; WordNet records
// "before"/"after" as opposite adverbs, not "prior to" or "subsequent to".
import { contentStems } from './topic.js';
import type { Antonym } from './antonyms.js';

const EARLIER = String.raw`before|prior\s+to|preceding|earlier\s+than|in\s+advance\s+of`;
const LATER = String.raw`after|following|subsequent\s+to|later\s+than|upon\s+the\s+expiration\s+of`;
const ORDER_WORD = new RegExp(String.raw`\b(?:(${EARLIER})|(${LATER}))\s+((?:[\w'’-]+\s+){0,5})`, 'gi');
/** Content words after the order word that both texts must share: what is before or after. */
const SHARED_EVENT_WORDS = 2;

interface Ordered {
  words: string;
  earlier: boolean;
  event: string;
}

function ordered(text: string): Ordered[] {
  const out: Ordered[] = [];
  for (const m of text.matchAll(ORDER_WORD)) {
    const event = contentStems(m[3] as string).slice(0, SHARED_EVENT_WORDS);
    if (event.length === 0) continue;
    out.push({ words: `${(m[1] ?? m[2]) as string}`.replace(/\s+/g, ' '), earlier: m[1] !== undefined, event: event.join(' ') });
  }
  return out;
}

/**
 * The assertion's order word whose opposite the sentence puts before the same event (its first
 * content words), when the sentence never puts the assertion's side before it; else null.
 */
export function opposedOrder(assertion: string, sentence: string): Antonym | null {
  const theirs = ordered(sentence);
  if (theirs.length === 0) return null;
  for (const ours of ordered(assertion)) {
    const same = theirs.filter((t) => t.event === ours.event);
    const opposite = same.find((t) => t.earlier !== ours.earlier);
    if (opposite !== undefined && !same.some((t) => t.earlier === ours.earlier)) return { assertion: ours.words, provision: opposite.words };
  }
  return null;
}

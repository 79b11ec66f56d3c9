/**
 * Reads the section numbers that follow a code name or a section sign: one number with its pinpoint,
 * or a list ("§§ 42-3505.01 and 42-3505.02", "sections 8, 16, 301, and 401") or range ("through", "-").
 * Every regex here is sticky and bounded, so a read costs time linear in what it consumes.
 */
import { PINPOINT_SOURCE } from './pinpoint.js';
import type { CodeDefinition } from './citation.types.js';

export interface SectionItem {
  /** The section number as written (normalized text), without pinpoint. */
  section: string;
  pinpoint: string | null;
  start: number;
  end: number;
}

const PINPOINT = new RegExp(PINPOINT_SOURCE, 'iy');
// Between list items: a comma (optionally "and"/"or"), or a conjunction or range word; the next item may
// repeat the sign ("§ 2-1933 and § 2-1934"). D.C. text annotates items in brackets: "§§ 42-1205 [repealed] and 42-1212".
const SEPARATOR = new RegExp(
  String.raw`(?:\s{0,2}\[[a-z ]{1,20}\])?(?:\s{0,3},\s{0,3}(?:(?:and|or)\s{1,3})?|\s{1,3}(?<word>and\/or|and|or|through|thru|to)\s{1,3}|\s{0,2}(?<word2>\u2014)\s{0,2})(?:§{1,2}\s{0,3})?(?=\d)`,
  'iy',
);
// Shape-agnostic item: digits and letters joined by single '.', ':', '/' or '-' (each repeat consumes a separator, so linear).
const LOOSE_ITEM = /\d[0-9a-z]*(?:[.:/-][0-9a-z]+)*/iy;

const shapeCache = new Map<string, RegExp>();
function shapeRegex(pattern: string): RegExp {
  let re = shapeCache.get(pattern);
  if (!re) {
    // The number may not run on into more of a number ("2-1402.11" is not "2-1402"); a hyphen after it is
    // judged by the caller (range or refusal).
    re = new RegExp(String.raw`(?:${pattern})(?![0-9a-z_:/]|\.[0-9a-z])`, 'iy');
    shapeCache.set(pattern, re);
  }
  return re;
}

function stickyMatch(re: RegExp, text: string, pos: number): RegExpExecArray | null {
  re.lastIndex = pos;
  return re.exec(text);
}

/** One number of the code's shape at pos, with its pinpoint; null when the text there is not one. */
function readItem(text: string, pos: number, code: CodeDefinition): SectionItem | null {
  const m = stickyMatch(shapeRegex(code.sectionPattern), text, pos);
  if (!m) return null;
  const sectionEnd = pos + m[0].length;
  const pin = stickyMatch(PINPOINT, text, sectionEnd);
  return {
    section: m[0],
    pinpoint: pin ? pin[0] : null,
    start: pos,
    end: pin ? sectionEnd + pin[0].length : sectionEnd,
  };
}

/** True when a number is specific enough to stand in a list after a single sign (not a bare integer). */
function isDistinctive(section: string): boolean {
  return /[-.:/]/.test(section);
}

export interface ListOptions {
  /** The sign was plural (§§, sections), so plain integers may follow in a list. */
  plural: boolean;
  /** Called at the start of each further item; true stops the list (the number begins another citation). */
  startsCitation: (pos: number) => boolean;
}

/**
 * The numbers at pos, in the code's shape. Null when the first is not one, or when a number runs into a
 * hyphen and digits that are not a range ("D.C. Code 10-18-2021").
 */
export function readSectionList(
  text: string,
  pos: number,
  code: CodeDefinition,
  options: ListOptions,
): SectionItem[] | null {
  const first = readItem(text, pos, code);
  if (!first) return null;
  const items: SectionItem[] = [first];
  for (;;) {
    const last = items[items.length - 1] as SectionItem;
    if (last.pinpoint === null && text.charAt(last.end) === '-' && /\d/.test(text.charAt(last.end + 1))) {
      // "1981-1983" (an en dash before normalization): a range only if the far end is a number too.
      const far = readItem(text, last.end + 1, code);
      if (!far) {
        if (items.length === 1) return null;
        items.pop();
        break;
      }
      items.push(far);
      continue;
    }
    const sep = stickyMatch(SEPARATOR, text, last.end);
    if (!sep) break;
    const nextPos = last.end + sep[0].length;
    const next = readItem(text, nextPos, code);
    if (!next) break;
    const word = sep.groups?.['word']?.toLowerCase();
    const isRange = word === 'through' || word === 'thru' || word === 'to' || sep.groups?.['word2'] !== undefined;
    if (!options.plural && !isRange && !isDistinctive(next.section)) break;
    if (options.startsCitation(nextPos)) break;
    items.push(next);
  }
  return items;
}

/** End of the list of number-like tokens (with pinpoints) at pos, whatever code they belong to. */
export function looseListEnd(text: string, pos: number): number {
  let end = pos;
  for (;;) {
    const item = stickyMatch(LOOSE_ITEM, text, end);
    if (!item) return end;
    end += item[0].length;
    const pin = stickyMatch(PINPOINT, text, end);
    if (pin) end += pin[0].length;
    const sep = stickyMatch(SEPARATOR, text, end);
    if (!sep) return end;
    const after = stickyMatch(LOOSE_ITEM, text, end + sep[0].length);
    if (!after) return end;
    end += sep[0].length;
  }
}

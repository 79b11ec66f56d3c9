/**
 * Pure rules for reading the Colorado Revised Statutes HTML (cic-beautify-state-codes v2.3):
 * headings, list designations, history dates, editor's notes and statute cites.
 */

/** Collapses runs of whitespace (incl. NBSP) to one space and trims. */
export function collapseWhitespace(s: string): string {
  return s.replace(/[\s\u00a0]+/g, ' ').trim();
}

/** A Colorado section number: title-article-section, each part optionally decimal ('25.5-4-103.7'). */
export const CO_SECTION_NUMBER = String.raw`\d+(?:\.\d+)?-\d+(?:\.\d+)?-\d+(?:\.\d+)?`;

const SECTION_HEADING = new RegExp(
  String.raw`^(${CO_SECTION_NUMBER}(?:\s+(?:to|and)\s+${CO_SECTION_NUMBER})?)\.?\s*(.*)$`,
);

/**
 * Splits an <h3> text "21-1-101. Short title." into number and catch line. Ranges of repealed
 * sections ("2-2-301 to 2-2-310. (Repealed)") keep the range as their number, as printed.
 */
export function splitSectionHeading(raw: string): { number: string; heading: string; repealed: boolean } | null {
  const m = SECTION_HEADING.exec(collapseWhitespace(raw));
  if (!m) return null;
  let heading = m[2] ?? '';
  const mark = /\s*\((?:Repealed|Expired)\)$/i;
  const repealed = mark.test(heading) || /^\(?(?:Repealed|Expired)\b/i.test(heading);
  // "(Repealed)" is a status, not words of the catch line; the final period is punctuation.
  heading = heading.replace(mark, '').replace(/\.$/, '').trim();
  return { number: m[1] ?? '', heading, repealed };
}

/** Splits an <h2>/<h1> text "ARTICLE 1 STATE PUBLIC DEFENDER" into its designation and heading. */
export function splitLevelHeading(raw: string, label: string): { number: string | null; heading: string | null } {
  const text = collapseWhitespace(raw);
  const m = new RegExp(`^${label}\\s+(\\S+)\\s*(.*)$`, 'i').exec(text);
  if (!m) return { number: null, heading: text || null };
  return { number: m[1] ?? null, heading: m[2] ? m[2] : null };
}

/** True when the whole operative text only says that the section was repealed. */
export function isRepealedText(text: string): boolean {
  return /^\(?(?:Repealed|Expired)\.?\)?$/i.test(text.trim()) || /^\(Repealed\)/i.test(text.trim());
}

const ROMAN: ReadonlyArray<readonly [number, string]> = [
  [1000, 'M'], [900, 'CM'], [500, 'D'], [400, 'CD'], [100, 'C'], [90, 'XC'],
  [50, 'L'], [40, 'XL'], [10, 'X'], [9, 'IX'], [5, 'V'], [4, 'IV'], [1, 'I'],
];

function toRoman(n: number): string {
  let out = '';
  let rest = n;
  for (const [value, glyph] of ROMAN) {
    while (rest >= value) {
      out += glyph;
      rest -= value;
    }
  }
  return out;
}

function fromRoman(s: string): number {
  let total = 0;
  let rest = s.toUpperCase();
  for (const [value, glyph] of ROMAN) {
    while (rest.startsWith(glyph)) {
      total += value;
      rest = rest.slice(glyph.length);
    }
  }
  return rest === '' ? total : NaN;
}

/** Colorado letters go a..z, then aa, bb, ... zz, then aaa (not Excel-style ab, ac). */
function toLetters(n: number): string {
  return String.fromCharCode(97 + ((n - 1) % 26)).repeat(Math.ceil(n / 26));
}

function fromLetters(s: string): number {
  const ch = s.charCodeAt(0) - 97;
  if (!/^([a-z])\1*$/.test(s) || ch < 0 || ch > 25) return NaN;
  return (s.length - 1) * 26 + ch + 1;
}

/** The <ol type> of a list: '' (decimal), 'a', 'A', 'I', 'i'. */
export type ListType = '' | 'a' | 'A' | 'I' | 'i';

/** The designation (without parentheses) of the n-th item of a list of the given type. */
export function itemDesignation(type: ListType, n: number): string {
  switch (type) {
    case 'a': return toLetters(n);
    case 'A': return toLetters(n).toUpperCase();
    case 'I': return toRoman(n);
    case 'i': return toRoman(n).toLowerCase();
    default: return String(n);
  }
}

/** The ordinal of a designation in a list of the given type, NaN when it is not one of that list's. */
export function designationOrdinal(type: ListType, designation: string): number {
  switch (type) {
    case 'a': return fromLetters(designation);
    case 'A': return /^[A-Z]+$/.test(designation) ? fromLetters(designation.toLowerCase()) : NaN;
    case 'I': return /^[IVXLCDM]+$/.test(designation) ? fromRoman(designation) : NaN;
    case 'i': return /^[ivxlcdm]+$/.test(designation) ? fromRoman(designation) : NaN;
    default: return /^\d+$/.test(designation) ? Number(designation) : NaN;
  }
}

/**
 * The designation an <li> carries, from its id when the id is usable, else by counting.
 * Ids are `<section id>ol1<path>` where <path> concatenates the designations, e.g. `ol12bII` is
 * (2)(b)(II) and `ol11-b.5` is (1)(b.5). Counting alone goes wrong where the source skips items
 * ((ff) missing) or inserts decimal ones ((b.5)), so the id wins when its tail fits the list type;
 * some ids are garbled (`ol11pI73`), and then counting is the fallback.
 */
export function listItemDesignation(
  id: string | undefined,
  type: ListType,
  counted: number,
  topLevel: boolean,
): { designation: string; ordinal: number } {
  const fallback = { designation: itemDesignation(type, counted), ordinal: counted };
  if (!id) return fallback;
  const decimal = /-([0-9A-Za-z]+\.\d+)$/.exec(id);
  if (decimal?.[1]) return { designation: decimal[1], ordinal: counted - 1 };
  const at = id.lastIndexOf('ol1');
  if (at < 0) return fallback;
  const path = id.slice(at + 3);
  const tail = tailFor(type, path, topLevel);
  if (!tail) return fallback;
  const ordinal = designationOrdinal(type, tail);
  return Number.isNaN(ordinal) ? fallback : { designation: tail, ordinal };
}

function tailFor(type: ListType, path: string, topLevel: boolean): string | null {
  switch (type) {
    case 'a': return /([a-z])\1*$/.exec(path)?.[0] ?? null;
    case 'A': return /([A-Z])\1*$/.exec(path)?.[0] ?? null;
    case 'I': return /[IVX]+$/.exec(path)?.[0] ?? null;
    case 'i': return /[ivx]+$/.exec(path)?.[0] ?? null;
    default:
      // Top-level numbers follow "ol1" directly; nested ones follow a letter.
      return (topLevel ? /^(\d+)$/.exec(path)?.[1] : /[A-Za-z](\d+)$/.exec(path)?.[1]) ?? null;
  }
}

/** True when a paragraph already starts with a printed designation such as "(4.5)" or "(1)(a)". */
export function startsWithDesignation(text: string): boolean {
  return /^\([0-9A-Za-z]{1,6}(?:\.\d+)?\)(?:\s|\(|$)/.test(text);
}

const EDITORS_NOTE = /\[\s*Editor's note:[^\]]*\]\s*/gi;

/**
 * Removes bracketed editor's notes ("[Editor's note: This section is effective July 1, 2023.]")
 * and the space the markup leaves before a comma or semicolon after a cite ("1-5-102 , the").
 */
export function stripEditorsNotes(text: string): string {
  return collapseWhitespace(text.replace(EDITORS_NOTE, ' ')).replace(/\s+([,;])/g, '$1');
}

/**
 * What a version note says: 'future' for "This version of ... is effective July 1, 2023" (a text
 * not yet in force at the release, printed beside the current one), 'whole-section-future' when
 * it is the whole section's, else null (current versions, "effective until ...", plain notes).
 */
export function futureVersionNote(text: string): 'future' | 'whole-section-future' | null {
  const m = /Editor's note:\s*This version of (.+?) is effective (?!until\b)/i.exec(text);
  if (!m) return null;
  return /^this section$/i.test((m[1] ?? '').trim()) ? 'whole-section-future' : 'future';
}

const MONTHS = [
  'january', 'february', 'march', 'april', 'may', 'june',
  'july', 'august', 'september', 'october', 'november', 'december',
];

/** "L. 79:" is 1979 and "L. 2019:" 2019: the session laws switched to four digits in 2000. */
function sessionYear(raw: string): number {
  const y = Number(raw);
  return raw.length === 2 ? 1900 + y : y;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/**
 * Effective dates of the amendments in a Colorado "Source:" note. Each "L. YYYY:" entry's
 * "effective <Month> <D>[, <YYYY>]" gives a date, in that entry's session year unless the year is
 * printed; entries without an effective date (or "effective upon passage") give none.
 */
export function coloradoAmendmentDates(history: string): string[] {
  const dates = new Set<string>();
  const entries = history.split(/(?=\bL\.\s*\d{2,4}\b)/);
  for (const entry of entries) {
    const session = /^L\.\s*(\d{2}|\d{4})\b/.exec(entry);
    if (!session?.[1]) continue;
    const year = sessionYear(session[1]);
    const effective = /\beffective\s+([A-Z][a-z]+)\s+(\d{1,2})(?:,\s*(\d{4}))?/g;
    for (const m of entry.matchAll(effective)) {
      const month = MONTHS.indexOf((m[1] ?? '').toLowerCase());
      const day = Number(m[2]);
      if (month < 0 || day < 1 || day > 31) continue;
      const y = m[3] ? Number(m[3]) : year;
      dates.add(`${y}-${pad(month + 1)}-${pad(day)}`);
    }
  }
  return [...dates].sort();
}

const SECTION_IN_CITE = new RegExp(`^(${CO_SECTION_NUMBER})`);
const SECTION_IN_HREF = new RegExp(`s(${CO_SECTION_NUMBER})(?:ol|$)`);

/**
 * The Colorado section a `<cite class="occo">` names, from its text ("33-1-105 (1)(i)") or its
 * link ("gov.co.crs.title.33.html#t33a01s33-1-105ol11i"); pinpoints are dropped.
 */
export function sectionFromCite(text: string, href: string | undefined): string | null {
  const fromText = SECTION_IN_CITE.exec(collapseWhitespace(text))?.[1];
  if (fromText) return fromText;
  const fragment = href?.split('#')[1];
  return fragment ? SECTION_IN_HREF.exec(fragment)?.[1] ?? null : null;
}

/** The canonical citation string of a Colorado section. */
export function coloradoCitation(sectionNumber: string): string {
  return `Colo. Rev. Stat. § ${sectionNumber}`;
}

/**
 * Pure rules for the Code of Virginia in State Decoded XML: designations, repeal marks,
 * history years and `§` cross-references.
 */

/** Collapses runs of whitespace (incl. NBSP) to one space and trims. */
export function collapseWhitespace(s: string): string {
  return s.replace(/[\s\u00a0]+/g, ' ').trim();
}

/**
 * How the Code of Virginia prints a `<section prefix>` at a nesting depth (1 = top level).
 * The data keeps only the bare prefix. The Code prints subsections "A.", "A1.", subdivisions
 * "1.", inserted subdivisions "(2a)" (the text cites them as "subdivision (8b)"), and lettered
 * items "a." below a number; older sections lettered at the top level print "(a)" (§ 18.2-10,
 * whose text cites "subdivision (g)").
 */
export function renderVaDesignation(prefix: string, depth: number): string {
  const p = prefix.trim();
  if (/^[A-Z]+\d*$/.test(p) || /^\d+$/.test(p)) return `${p}.`;
  if (/^\d+[a-z]+$/.test(p)) return `(${p})`;
  if (/^[a-z]+$/.test(p)) return depth === 1 ? `(${p})` : `${p}.`;
  return `${p}.`;
}

/** Catch lines that mark a section with no operative text. */
const EMPTY_CATCH_LINE = /^(?:Repealed|Reserved|Expired)\.?$/i;
/** Bodies that only say the section is gone. */
const EMPTY_BODY = /^(?:Repealed by Acts\b.*|Reserved\.?|Expired\.?|\[?Repealed\.?\]?)$/i;

/** True when the catch line or the whole text says the section was repealed, reserved or expired. */
export function isVaRepealed(catchLine: string, text: string): boolean {
  return EMPTY_CATCH_LINE.test(catchLine.trim()) || (!text.includes('\n') && EMPTY_BODY.test(text.trim()));
}

const MONTHS = [
  'january', 'february', 'march', 'april', 'may', 'june',
  'july', 'august', 'september', 'october', 'november', 'december',
];

/**
 * Dates of the amendments a Virginia history line names. It names sessions ("1975, cc. 14, 15;
 * 1994, Sp. Sess. II, cc. 1, 2"), not dates; Virginia acts of a session usually take effect on
 * July 1 of that year, so each session year becomes YYYY-07-01. Entries without an act ("Code
 * 1950, § 18.1-15.3", "R. P. 1948, § 1-1") are prior codifications and give no date.
 */
export function vaAmendmentDates(history: string, text = ''): string[] {
  const dates = new Set<string>();
  for (const m of history.matchAll(/\b(1[6-9]\d\d|20\d\d),\s*(?:cc?\.|Sp\.\s*Sess\.|Ex\.\s*Sess\.|p\.)/g)) {
    dates.add(`${m[1]}-07-01`);
  }
  // A repealed section's history is empty; its body "Repealed by Acts 2005, c. 839, cl. 10,
  // effective October 1, 2005." still dates the repeal, which is the last change to the section.
  const repeal = /^Repealed by Acts (\d{4})\b[^]*?(?:effective ([A-Z][a-z]+) (\d{1,2}), (\d{4}))?\.?$/.exec(text.trim());
  if (repeal?.[1]) {
    const month = MONTHS.indexOf((repeal[2] ?? '').toLowerCase());
    dates.add(
      month >= 0 && repeal[4]
        ? `${repeal[4]}-${String(month + 1).padStart(2, '0')}-${String(Number(repeal[3])).padStart(2, '0')}`
        : `${repeal[1]}-07-01`,
    );
  }
  return [...dates].sort();
}

/** A Virginia section number: "18.2-46.2", "62.1-44.15:24", "8.01-581.1". */
const VA_NUMBER = String.raw`\d+(?:\.\d+)*[A-Z]?-\d+(?:\.\d+)*(?::\d+(?:\.\d+)*)?`;
/** "§ N", "§§ N, N, and N", "§ N or N", "§§ N through N". */
const VA_REFERENCE = new RegExp(
  String.raw`§§?\s*(${VA_NUMBER}(?:(?:\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or|through|to)\s+)${VA_NUMBER})*)`,
  'g',
);
const VA_NUMBER_ALONE = new RegExp(VA_NUMBER, 'g');

/**
 * Canonical citations of the Virginia sections a text names after `§`/`§§`, first-seen order,
 * without duplicates or `self`. Free-text extraction stands in until the shared citation parser
 * is wired in; numbers without a hyphen ("§ 319 of the federal Clean Water Act") are not Virginia's.
 */
export function vaCrossReferences(text: string, selfNumber: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(VA_REFERENCE)) {
    for (const n of (m[1] ?? '').matchAll(VA_NUMBER_ALONE)) {
      const citation = vaCitation(n[0]);
      if (n[0] !== selfNumber && !out.includes(citation)) out.push(citation);
    }
  }
  return out;
}

/** The canonical citation string of a Virginia section. */
export function vaCitation(sectionNumber: string): string {
  return `Va. Code Ann. § ${sectionNumber}`;
}

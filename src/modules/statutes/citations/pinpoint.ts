/** Pinpoints: the subdivisions cited after a section number, "(a)(1)", "(a-1)(1)", "(b)(6)(A)(ii)", "(1.5)". */

// One designation: a letter or two, a roman numeral, or a number of at most three digits (so a year
// parenthetical such as "(2018)" is never taken for a pinpoint), with an optional "-1" style insertion.
const DESIGNATION = String.raw`\((?:\d{1,3}(?:\.\d{1,2})?[a-z]{0,2}|[a-z]{1,2}|[ivxlcdm]{1,7})(?:-\d{1,2}[a-z]?)?\)`;

/** Regex source: a run of designations; the first may follow one space (Colorado's "24-4-103 (3)(a)"). */
export const PINPOINT_SOURCE = String.raw`(?: ?${DESIGNATION}(?:\s?${DESIGNATION}){0,9})`;

/** The pinpoint as the API returns it: designations run together with no spaces. */
export function normalizePinpoint(raw: string): string {
  return raw.replace(/\s+/g, '').replace(/[\u2010-\u2014\u2212]/g, '-');
}

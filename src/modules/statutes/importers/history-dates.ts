/**
 * Dates as U.S. session laws and codes print them ("Apr. 26, 1996", "Sept. 16, 2011",
 * "July 17, 1985"), turned into ISO dates for ParsedSection.amendmentDates. Hand-written: no
 * installed library parses these abbreviations ("Sept.") and a regex is all it takes.
 */

const MONTHS: Record<string, number> = {
  jan: 1, january: 1, feb: 2, february: 2, mar: 3, march: 3, apr: 4, april: 4, may: 5,
  jun: 6, june: 6, jul: 7, july: 7, aug: 8, august: 8, sep: 9, sept: 9, september: 9,
  oct: 10, october: 10, nov: 11, november: 11, dec: 12, december: 12,
};

const DATE_RE = /\b(Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sept?(?:ember)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?\s+(\d{1,2}),?\s+(\d{4})\b/g;
// A month name followed by something digit-like: a date candidate the strict pattern may have missed.
const CANDIDATE_RE = /\b(Jan|Feb|Mar|Apr|May|June?|July?|Aug|Sept?|Oct|Nov|Dec)\.?\s+\d[^,;)]{0,12}/g;

/** Builds an ISO date from its parts, or null when it is not a real calendar date. */
export function isoDate(year: number, month: number, day: number): string | null {
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** True for a real calendar date written YYYY-MM-DD. */
export function isIsoDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  return m !== null && isoDate(Number(m[1]), Number(m[2]), Number(m[3])) === s;
}

/**
 * Every "Mon. D, YYYY" date in a text, as ISO dates in order of appearance, plus the
 * date-like fragments that could not be read (so a parser can report them).
 */
export function findUsDates(text: string): { dates: string[]; unparsed: string[] } {
  const dates: string[] = [];
  const unparsed: string[] = [];
  const matchedAt = new Set<number>();
  for (const m of text.matchAll(DATE_RE)) {
    matchedAt.add(m.index ?? -1);
    const month = MONTHS[(m[1] ?? '').toLowerCase()];
    const iso = month === undefined ? null : isoDate(Number(m[3]), month, Number(m[2]));
    if (iso) dates.push(iso);
    else unparsed.push(m[0]);
  }
  for (const m of text.matchAll(CANDIDATE_RE)) {
    if (!matchedAt.has(m.index ?? -1)) unparsed.push(m[0].trim());
  }
  return { dates, unparsed };
}

/** Formats an ISO date the way D.C. history lines print dates: '2017-02-18' → 'Feb. 18, 2017'. */
export function usDate(iso: string): string {
  const names = ['Jan.', 'Feb.', 'Mar.', 'Apr.', 'May', 'June', 'July', 'Aug.', 'Sept.', 'Oct.', 'Nov.', 'Dec.'];
  const [y, m, d] = iso.split('-');
  return `${names[Number(m) - 1] ?? '?'} ${Number(d)}, ${y}`;
}

/** Ascending, de-duplicated ISO dates. */
export function sortedUniqueDates(dates: Iterable<string>): string[] {
  return [...new Set(dates)].sort();
}

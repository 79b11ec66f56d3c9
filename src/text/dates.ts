/** A date written in text, with its ISO form ("2010-03-01", or "2010-03" when no day is given). */
export interface DateMention {
  text: string;
  start: number;
  end: number;
  iso: string;
}

const MONTHS: Record<string, number> = {
  jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, sept: 9, oct: 10, nov: 11, dec: 12,
};
const MONTH_NAME =
  String.raw`(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?`;
const DAY = String.raw`(\d{1,2})(?:st|nd|rd|th)?`;

// Hand-written: the installed libraries have no date parser, and legal text needs only these forms.
// Order matters: the longest form is tried first at each position.
const DATE = new RegExp(
  [
    String.raw`(?<mdy>\b(?<m1>${MONTH_NAME})\s+${DAY.replace('(', '(?<d1>')},?\s+(?<y1>\d{4})\b)`,
    String.raw`(?<dmy>\b${DAY.replace('(', '(?<d2>')}\s+(?:day\s+of\s+)?(?<m2>${MONTH_NAME}),?\s+(?<y2>\d{4})\b)`,
    String.raw`(?<iso>\b(?<y3>\d{4})-(?<m3>\d{2})-(?<d3>\d{2})\b)`,
    String.raw`(?<slash>\b(?<m4>\d{1,2})/(?<d4>\d{1,2})/(?<y4>\d{4}|\d{2})\b)`,
    String.raw`(?<my>\b(?<m5>${MONTH_NAME})\s+(?<y5>\d{4})\b)`,
  ].join('|'),
  'gi',
);

function monthNumber(name: string): number | undefined {
  return MONTHS[name.toLowerCase().replace('.', '').slice(0, name.toLowerCase().startsWith('sept') ? 4 : 3)];
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function iso(year: number, month: number | undefined, day?: number): string | null {
  if (month === undefined || month < 1 || month > 12 || year < 1000 || year > 2999) return null;
  const mm = String(month).padStart(2, '0');
  if (day === undefined) return `${year}-${mm}`;
  if (day < 1 || day > daysIn(year, month)) return null;
  return `${year}-${mm}-${String(day).padStart(2, '0')}`;
}

/**
 * Dates in text, normalised to ISO: "March 1, 2010", "1st day of March, 2010", "1/3/2005"
 * (US month/day order; two-digit years below 50 are 20xx), "2010-03-01", and "March 2010".
 * Impossible dates ("2/30/2010") are not reported.
 */
export function findDates(text: string): DateMention[] {
  const out: DateMention[] = [];
  for (const m of text.matchAll(DATE)) {
    const g = m.groups ?? {};
    let value: string | null = null;
    if (g.mdy !== undefined) value = iso(Number(g.y1), monthNumber(g.m1 ?? ''), Number(g.d1));
    else if (g.dmy !== undefined) value = iso(Number(g.y2), monthNumber(g.m2 ?? ''), Number(g.d2));
    else if (g.iso !== undefined) value = iso(Number(g.y3), Number(g.m3), Number(g.d3));
    else if (g.slash !== undefined) {
      let year = Number(g.y4);
      if ((g.y4 ?? '').length === 2) year += year < 50 ? 2000 : 1900;
      value = iso(year, Number(g.m4), Number(g.d4));
    } else if (g.my !== undefined) {
      // "may 2010" is too often the verb: require a capital for the bare month-year form.
      if (!/^[A-Z]/.test(g.m5 ?? '')) continue;
      value = iso(Number(g.y5), monthNumber(g.m5 ?? ''));
    }
    if (value === null) continue;
    const start = m.index ?? 0;
    out.push({ text: m[0], start, end: start + m[0].length, iso: value });
  }
  return out;
}

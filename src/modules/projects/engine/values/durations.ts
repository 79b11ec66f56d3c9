import { NUMBER_WORD_SOURCE, parseNumberWords } from './number-words.js';

export type DurationUnit = 'day' | 'week' | 'month' | 'year';

/** A period written in text ("ninety (90) days", "one-year", "twelve months"), with its offsets. */
export interface DurationMention {
  amount: number;
  unit: DurationUnit;
  /** "90 days", "1 year": the normal form a person reads. */
  normal: string;
  /** Length in days, for comparison (a month counts 30 days, a year 365). */
  days: number;
  start: number;
  end: number;
  text: string;
}

const UNIT = String.raw`(?:(?:business|calendar|working)\s+)?(?<unit>days?|weeks?|months?|years?)`;
// "ninety (90) days", "90 days", "ninety days", "one (1) year", "one-year", "12-month".
const DURATION = new RegExp(
  String.raw`\b(?:(?<words>${NUMBER_WORD_SOURCE})\s*\(\s*(?<paren>\d{1,4})\s*\)|(?<plain>${NUMBER_WORD_SOURCE}))[\s-]*${UNIT}\b`,
  'gi',
);
// "annual", "annually", "yearly" renewal periods: a year each.
const ANNUAL = /\b(?:annual|yearly)\b/gi;

const DAYS_PER: Record<DurationUnit, number> = { day: 1, week: 7, month: 30, year: 365 };

function unitOf(word: string): DurationUnit {
  return word.toLowerCase().replace(/s$/, '') as DurationUnit;
}

export function normalDuration(amount: number, unit: DurationUnit): string {
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}

/** Every period in the text, in order. The digits in parentheses win over the words before them. */
export function findDurations(text: string): DurationMention[] {
  const out: DurationMention[] = [];
  for (const m of text.matchAll(DURATION)) {
    const g = m.groups ?? {};
    const amount = g.paren !== undefined ? Number(g.paren) : parseNumberWords(g.plain ?? '');
    if (amount === null || !Number.isFinite(amount) || amount <= 0 || amount > 10_000) continue;
    const unit = unitOf(g.unit ?? 'day');
    const start = m.index ?? 0;
    out.push({ amount, unit, normal: normalDuration(amount, unit), days: Math.round(amount * DAYS_PER[unit]), start, end: start + m[0].length, text: m[0] });
  }
  for (const m of text.matchAll(ANNUAL)) {
    const start = m.index ?? 0;
    if (out.some((d) => start >= d.start && start < d.end)) continue;
    out.push({ amount: 1, unit: 'year', normal: '1 year', days: 365, start, end: start + m[0].length, text: m[0] });
  }
  return out.sort((a, b) => a.start - b.start);
}

/** Adds a period to an ISO date the way contracts count terms: "three years after 2010-03-18" is 2013-03-18. */
export function addDuration(isoDate: string, amount: number, unit: DurationUnit): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (unit === 'day' || unit === 'week') {
    const d = new Date(Date.UTC(year, month - 1, day + amount * (unit === 'week' ? 7 : 1)));
    return d.toISOString().slice(0, 10);
  }
  const months = unit === 'year' ? amount * 12 : amount;
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  // The same day of the month, or the month's last day when it has fewer (Jan 31 + 1 month = Feb 28).
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, last));
  return target.toISOString().slice(0, 10);
}

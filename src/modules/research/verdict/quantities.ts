// Extracts the quantities a legal sentence turns on: periods, frequencies, money, percentages,
// counts and ordinals, each with its comparator ("at least 30 days", "not more than $1,000", "two to
// ten years", "annually", "the first day").
import { stemmer } from 'stemmer';
import { NUMBER_WORDS_SOURCE, numberWordsValue } from './number-words.js';

/**
 * A frequency is how often something recurs ("annually", "every two years"), its value the days
 * between two occurrences. It is compared only with frequencies: "within 30 days" after a report
 * says nothing about how often the report is due. An ordinal is a place in a series of the noun
 * after it ("the first day", "a second offense", "21st century"), compared only with the same noun's.
 */
export type QuantityKind = 'period' | 'frequency' | 'money' | 'percent' | 'count' | 'ordinal';
export type Comparator = 'exactly' | 'at-least' | 'more-than' | 'at-most' | 'less-than' | 'range';

export interface Quantity {
  kind: QuantityKind;
  /** 'day' or 'business-day' for periods, 'day' for frequencies, 'dollar', 'percent', the stemmed noun a count counts ('' if none), or an ordinal orders. */
  unit: string;
  /** Normalised value: days for periods, days between occurrences for frequencies, dollars for money; the lower end of a range. */
  value: number;
  /** The upper end, for ranges only. */
  upper?: number;
  /** The number as written and its unit word (e.g. 6 and 'month'), for comparing against bare numbers. */
  written: number;
  comparator: Comparator;
  /** The matched text, and its offsets in the input. */
  text: string;
  start: number;
  end: number;
}

const DAYS_PER: Record<string, number> = {
  minute: 1 / 1440, hour: 1 / 24, day: 1, week: 7, fortnight: 14, month: 365 / 12, year: 365,
};

const DIGITS = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?`;
// Group 1: digits; group 2: number words; group 3: the "(30)" of "thirty (30)"; group 4: "a"/"an" before a unit.
const NUMBER_RE = new RegExp(
  String.raw`(${DIGITS})|(${NUMBER_WORDS_SOURCE})(?:\s*\(\s*(${DIGITS})\s*\))?|\b(an?)(?=\s+(?:(?:calendar|business|working|full)\s+)?(?:day|week|month|year|hour)\b(?![-\w]))`,
  'gi',
);
const SCALE_RE = /^\s+(thousand|million|billion)\b/i;
const PARTITIVE_AFTER = /^\s+of\s+(?:the|its|his|her|their|them|those|these|such|us|you)\b/i;
const PERCENT_RE = /^\s*(?:%|percent\b|per\s*cent\b|per\s+centum\b|percentum\b)/i;
const PERIOD_RE = /^(?:\s*\(\s*\d+\s*\))?(?:\s+|-)(?:(calendar|business|working|consecutive|full)[\s-]+)?(minute|hour|day|week|fortnight|month|year)s?\b(?:['’]s?)?/i;
const DOLLARS_RE = /^\s+(?:dollars?\b|USD\b)/i;
const CENTS_RE = /^\s+cents?\b/i;
const SUFFIX_GTE_RE = /^\s*,?\s*(?:or|and)\s+(?:more|longer|greater|older|over|above|upwards?)\b/i;
const SUFFIX_LTE_RE = /^\s*,?\s*(?:or|and)\s+(?:less|fewer|shorter|younger|under|below)\b/i;

const LTE_BEFORE = /(?:\bnot\s+more\s+than|\bno\s+more\s+than|\bnor\s+more\s+than|\bnot\s+to\s+exceed|\bnot\s+exceeding|\bdoes\s+not\s+exceed|\bup\s+to|\bat\s+most|\bmaximum\s+of|\bmaximum|\bwithin|\bno\s+later\s+than|\bnot\s+later\s+than|\bnot\s+longer\s+than|\bno\s+longer\s+than|\bnot\s+greater\s+than|\bno\s+greater\s+than|\bnot\s+over|\bnot\s+in\s+excess\s+of|\bcapped\s+at|\bat\s+the\s+most)\s*$/i;
const GTE_BEFORE = /(?:\bat\s+least|\bnot\s+less\s+than|\bno\s+less\s+than|\bnor\s+less\s+than|\bnot\s+fewer\s+than|\bno\s+fewer\s+than|\bminimum\s+of|\bminimum|\bnot\s+shorter\s+than|\bno\s+shorter\s+than|\bno\s+sooner\s+than|\bnot\s+sooner\s+than|\bnot\s+under|\bat\s+a\s+minimum)\s*$/i;
const GT_BEFORE = /(?:\bmore\s+than|\bgreater\s+than|\blonger\s+than|\bin\s+excess\s+of|\bexceeding|\bexceeds?|\bover|\bolder\s+than|\babove)\s*$/i;
const LT_BEFORE = /(?:\bless\s+than|\bfewer\s+than|\bunder|\bbelow|\byounger\s+than|\bshorter\s+than|\blower\s+than)\s*$/i;

// Numbers that name things rather than measure them: "§ 42-3505", "Class 4", "paragraph (2)", "D.C. Law 6-10".
const IDENTIFIER_BEFORE = /(?:§+|\bsections?|\bsubsections?|\bparagraphs?|\bsubparagraphs?|\btitles?|\bchapters?|\bclass|\barticles?|\bparts?|\bsubdivisions?|\brules?|\bno\.|\blaw|\bact|\bpages?|\btiers?|\blevels?|\bforms?|\bphase|\bcategory|\bschedule|\bitems?|\bexhibit|\bcfr|\bu\.s\.c\.|\bstat\.|\bsession)\s*$/i;
const MONTH_BEFORE = /\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?\s*$/i;
const FUNCTION_WORDS = new Set([
  'or', 'and', 'to', 'of', 'the', 'a', 'an', 'in', 'on', 'at', 'for', 'by', 'with', 'from', 'than', 'is', 'are',
  'be', 'per', 'each', 'after', 'before', 'nor', 'more', 'less', 'that', 'which', 'shall', 'may', 'must', 'through',
  'thereafter', 'following', 'percent',
]);

/** Every quantity in `text`, in order, with offsets into `text`. */
export function extractQuantities(text: string): Quantity[] {
  const found: Quantity[] = [];
  NUMBER_RE.lastIndex = 0;
  for (let m = NUMBER_RE.exec(text); m !== null; m = NUMBER_RE.exec(text)) {
    const q = readQuantity(text, m);
    if (q !== null) found.push(q);
  }
  const ordered = ordinals(text);
  // The "twenty" of "twenty-first" is part of the ordinal.
  const numbered = mergeRanges(text, found).filter((q) => !ordered.some((o) => q.start < o.end && o.start < q.end));
  const frequencies = wordedFrequencies(text);
  // The "once" of "at least once every 3 years" is part of the frequency.
  const recurring = [...frequencies, ...numbered.filter((q) => q.kind === 'frequency')];
  const times = multiplicatives(text).filter((t) => !recurring.some((q) => t.start < q.end && q.start < t.end));
  const worded = [...frequencies, ...ordered, ...times, ...immediacies(text)];
  return worded.length === 0 ? numbered : [...numbered, ...worded].sort((a, b) => a.start - b.start);
}

/**
 * "immediately", "forthwith": a period of no time ("the order is effective immediately"). Not where
 * it places something next to another ("the year immediately preceding", "immediately upon receipt").
 */
const IMMEDIATE_RE = /\b(?:immediately|forthwith)\b(?!\s+(?:preceding|following|prior|before|after|adjacent|upon|on|succeeding|thereafter|below|above|next|subsequent))/gi;

function immediacies(text: string): Quantity[] {
  return [...text.matchAll(IMMEDIATE_RE)].map((m) => ({ kind: 'period', unit: 'day', value: 0, written: 0, comparator: 'exactly', text: m[0], start: m.index, end: m.index + m[0].length }));
}

const TIMES: Record<string, number> = { once: 1, twice: 2, thrice: 3 };
/**
 * "once" counts only where nothing follows it but punctuation or a period's words ("failed once.",
 * "once a year", "once in any 12-month period"); before a clause it means "when" ("Once the permit
 * issues, ..."), and "at once" means "immediately".
 */
const MULTIPLICATIVE_RE = /\b(twice|thrice)\b|(?<!\bat\s)\b(once)(?=\s*(?:[.,;:)]|$)|\s+(?:a|an|per|every|each|in|during|within)\b)/gi;

/** "twice", "thrice" and the counting "once": counts of times, as "three times" is. */
function multiplicatives(text: string): Quantity[] {
  const out: Quantity[] = [];
  MULTIPLICATIVE_RE.lastIndex = 0;
  for (let m = MULTIPLICATIVE_RE.exec(text); m !== null; m = MULTIPLICATIVE_RE.exec(text)) {
    const value = TIMES[(m[1] ?? m[2] ?? '').toLowerCase()] ?? 0;
    const before = text.slice(Math.max(0, m.index - 40), m.index);
    const comparator = comparatorBefore(before);
    // The comparator's words belong to the quantity's text ("not more than once"), as in readQuantity.
    const start = comparator.at >= 0 ? m.index - (before.length - comparator.at) : m.index;
    out.push({ kind: 'count', unit: 'time', value, written: value, comparator: comparator.comparator, text: text.slice(start, m.index + m[0].length), start, end: m.index + m[0].length });
  }
  return out;
}

const ORDINAL_UNITS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth'];
const ORDINAL_TEENS = ['tenth', 'eleventh', 'twelfth', 'thirteenth', 'fourteenth', 'fifteenth', 'sixteenth', 'seventeenth', 'eighteenth', 'nineteenth'];
const ORDINAL_TENS = ['twentieth', 'thirtieth', 'fortieth', 'fiftieth', 'sixtieth', 'seventieth', 'eightieth', 'ninetieth'];
const CARDINAL_TENS = ['twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const ORDINAL_VALUE = new Map<string, number>([
  ...ORDINAL_UNITS.map((w, i): [string, number] => [w, i + 1]),
  ...ORDINAL_TEENS.map((w, i): [string, number] => [w, i + 10]),
  ...ORDINAL_TENS.map((w, i): [string, number] => [w, (i + 2) * 10]),
  ['hundredth', 100],
]);
// Group 1: the tens of "twenty-first"; group 2: the ordinal word; group 3: the digits of "15th";
// group 4: "and subsequent"; group 5: the noun it orders.
const ORDINAL_RE = new RegExp(
  String.raw`\b(?:(?:(${CARDINAL_TENS.join('|')})[\s-])?(${[...ORDINAL_VALUE.keys()].join('|')})|(\d{1,3})(?:st|nd|rd|th))(\s+(?:and|or)\s+(?:subsequent|succeeding))?[\s-]+([a-z]+)\b`,
  'gi',
);

/** The ordinals that order a noun: "the first day"; "a third and subsequent offense" is the third or a later one. */
function ordinals(text: string): Quantity[] {
  const out: Quantity[] = [];
  ORDINAL_RE.lastIndex = 0;
  for (let m = ORDINAL_RE.exec(text); m !== null; m = ORDINAL_RE.exec(text)) {
    const noun = (m[5] ?? '').toLowerCase();
    // "the 15th of June", "first and foremost": no noun to order.
    if (FUNCTION_WORDS.has(noun) || MONTH_BEFORE.test(text.slice(Math.max(0, m.index - 12), m.index))) continue;
    const value = m[3] !== undefined ? Number(m[3]) : (ORDINAL_VALUE.get((m[2] ?? '').toLowerCase()) ?? 0) + (m[1] !== undefined ? (CARDINAL_TENS.indexOf(m[1].toLowerCase()) + 2) * 10 : 0);
    const end = m.index + m[0].length;
    out.push({ kind: 'ordinal', unit: stemmer(noun), value, written: value, comparator: m[4] === undefined ? 'exactly' : 'at-least', text: m[0], start: m.index, end });
  }
  return out;
}

/** Days between occurrences for the words English writes frequencies with ("biannually" is left out: it means both twice a year and every two years). */
const FREQUENCY_DAYS: Record<string, number> = {
  annual: 365, annually: 365, yearly: 365, biennial: 730, biennially: 730, triennial: 1095, triennially: 1095,
  semiannual: 182.5, semiannually: 182.5, 'semi-annual': 182.5, 'semi-annually': 182.5,
  quarterly: 365 / 4, monthly: 365 / 12, weekly: 7, daily: 1,
};
const FREQUENCY_WORD_RE = new RegExp(String.raw`\b(?:(${Object.keys(FREQUENCY_DAYS).join('|')})|(?:every|each)\s+(?:(?:fiscal|calendar)\s+)?(year|month|week|day))\b(?!-)`, 'gi');
/** "every" or "each" right before a period: "every two years" recurs. */
const RECURRING_BEFORE = /\b(?:every|each)\s+$/i;
/** "at least annually", "at least once every two years": at most that long between occurrences. */
const AT_LEAST_BEFORE = /\bat\s+least\s+(?:once\s+)?$/i;

/** The frequencies written without a number: "annually", "a quarterly report", "every year". */
function wordedFrequencies(text: string): Quantity[] {
  const out: Quantity[] = [];
  FREQUENCY_WORD_RE.lastIndex = 0;
  for (let m = FREQUENCY_WORD_RE.exec(text); m !== null; m = FREQUENCY_WORD_RE.exec(text)) {
    const value = m[1] !== undefined ? FREQUENCY_DAYS[m[1].toLowerCase()] ?? 0 : DAYS_PER[(m[2] ?? '').toLowerCase()] ?? 0;
    out.push(frequency(text, m.index, m.index + m[0].length, value, 1));
  }
  return out;
}

/** A frequency over text[start, end), with "at least" before it read as its bound. */
function frequency(text: string, start: number, end: number, value: number, written: number): Quantity {
  const atLeast = AT_LEAST_BEFORE.exec(text.slice(Math.max(0, start - 20), start));
  const from = atLeast === null ? start : start - atLeast[0].length;
  return { kind: 'frequency', unit: 'day', value, written, comparator: atLeast === null ? 'exactly' : 'at-most', text: text.slice(from, end), start: from, end };
}

function readQuantity(text: string, m: RegExpExecArray): Quantity | null {
  const start = m.index;
  let end = m.index + m[0].length;
  let value: number | null;
  if (m[1] !== undefined) value = Number(m[1].replace(/,/g, ''));
  else if (m[2] !== undefined) value = m[3] !== undefined ? Number(m[3].replace(/,/g, '')) : numberWordsValue(m[2]);
  else value = 1; // "a year", "an hour"
  if (value === null || !Number.isFinite(value)) return null;
  // "15th" is an ordinal (ordinals), not fifteen of something.
  if (m[1] !== undefined && /^(?:st|nd|rd|th)\b/i.test(text.slice(end))) return null;

  const before = text.slice(Math.max(0, start - 40), start);
  if (m[1] !== undefined && isIdentifier(text, start, end, before)) return null;
  // "one of the parties" is a party, not a count of them: the pronoun, not the number.
  if (m[2] !== undefined && m[3] === undefined && /^one$/i.test(m[2]) && PARTITIVE_AFTER.test(text.slice(end))) return null;
  if (m[1] === undefined && /\bclass\s*$/i.test(before)) return null;

  const scale = SCALE_RE.exec(text.slice(end));
  if (scale?.[1] !== undefined) {
    value *= { thousand: 1e3, million: 1e6, billion: 1e9 }[scale[1].toLowerCase() as 'thousand'] ?? 1;
    end += scale[0].length;
  }
  const written = value;
  const after = text.slice(end);
  let kind: QuantityKind = 'count';
  let unit = '';
  const dollarSign = /\$\s*$/.exec(before);
  const percent = PERCENT_RE.exec(after);
  const period = PERIOD_RE.exec(after);
  const recurring = period !== null ? RECURRING_BEFORE.exec(before) : null;
  const dollars = DOLLARS_RE.exec(after);
  const cents = CENTS_RE.exec(after);
  let bodyStart = start;
  if (dollarSign !== null) {
    kind = 'money';
    unit = 'dollar';
    bodyStart = start - dollarSign[0].length;
    if (dollars !== null) end += dollars[0].length;
  } else if (percent !== null) {
    kind = 'percent';
    unit = 'percent';
    end += percent[0].length;
  } else if (period !== null && recurring !== null) {
    const unitWord = (period[2] ?? 'day').toLowerCase();
    return frequency(text, start - (before.length - recurring.index), end + period[0].length, value * (DAYS_PER[unitWord] ?? 1), value);
  } else if (period !== null) {
    kind = 'period';
    const qualifier = period[1]?.toLowerCase();
    const unitWord = (period[2] ?? 'day').toLowerCase();
    const business = unitWord === 'day' && (qualifier === 'business' || qualifier === 'working');
    unit = business ? 'business-day' : 'day';
    value *= business ? 1 : DAYS_PER[unitWord] ?? 1;
    end += period[0].length;
  } else if (dollars !== null) {
    kind = 'money';
    unit = 'dollar';
    end += dollars[0].length;
  } else if (cents !== null) {
    kind = 'money';
    unit = 'dollar';
    value /= 100;
    end += cents[0].length;
  } else {
    if (m[4] !== undefined) return null;
    if (m[1] !== undefined && /^\d{4}$/.test(m[1]) && value >= 1800 && value <= 2100) return null; // a year
    unit = countNoun(after);
    // "If one party fails ..., the other party": "one" is the first of two, not a count.
    if (m[2] !== undefined && m[3] === undefined && /^one$/i.test(m[2]) && /\b(?:the|an|any)\s+other\b/i.test(after)) return null;
  }
  const rawBefore = text.slice(Math.max(0, bodyStart - 40), bodyStart);
  const found = comparatorBefore(rawBefore);
  let comparator = found.comparator;
  // The comparator words belong to the quantity's text, so explanations quote "at least 30 days".
  if (found.at >= 0) bodyStart -= rawBefore.length - found.at;
  const tail = text.slice(end);
  if (comparator === 'exactly') {
    if (SUFFIX_GTE_RE.test(tail)) comparator = 'at-least';
    else if (SUFFIX_LTE_RE.test(tail)) comparator = 'at-most';
  }
  return { kind, unit, value, written, comparator, text: text.slice(bodyStart, end), start: bodyStart, end };
}

function isIdentifier(text: string, start: number, end: number, before: string): boolean {
  const next = text.slice(end, end + 2);
  const prev = text.slice(Math.max(0, start - 1), start);
  if (/^[-–:][\d]/.test(next) || /^\.\d/.test(next)) return true;
  if (/[-–.:/\w]/.test(prev)) return true;
  if (prev === '(' && text[end] === ')') return true; // a list marker "(2)"
  // A subdivision cited with its section ("§ 3-1201.02(10A)(B)"): a parenthesis right after a word
  // or another parenthesis, or a number run into a capital letter.
  if ((prev === '(' && /[\w)]/.test(text.slice(Math.max(0, start - 2), start - 1))) || /^[A-Z]/.test(text.slice(end, end + 1))) return true;
  if (IDENTIFIER_BEFORE.test(before)) return true;
  if (MONTH_BEFORE.test(before)) return true;
  if (/^\s+DCR\b/.test(text.slice(end, end + 5))) return true;
  return false;
}

function comparatorBefore(rawBefore: string): { comparator: Comparator; at: number } {
  const before = rawBefore.replace(/\$\s*$/, '').replace(/\b(?:a|an|the)\s*$/i, '').replace(/\s*$/, ' ');
  const tests: Array<[RegExp, Comparator]> = [[LTE_BEFORE, 'at-most'], [GTE_BEFORE, 'at-least'], [GT_BEFORE, 'more-than'], [LT_BEFORE, 'less-than']];
  for (const [re, comparator] of tests) {
    const m = re.exec(before);
    if (m !== null) return { comparator, at: m.index };
  }
  return { comparator: 'exactly', at: -1 };
}

function countNoun(after: string): string {
  const words = after.replace(/^\s*(?:or|and)\s+(?:more|fewer|less|greater)\b/i, '').match(/^\s+([A-Za-z]+)/);
  const word = words?.[1]?.toLowerCase();
  return word === undefined || FUNCTION_WORDS.has(word) ? '' : stemmer(word);
}

// Joins "two to ten years", "between $100 and $500", "not less than five years nor more than 20 years".
function mergeRanges(text: string, qs: Quantity[]): Quantity[] {
  const out: Quantity[] = [];
  for (let i = 0; i < qs.length; i++) {
    const a = qs[i];
    const b = qs[i + 1];
    if (a === undefined) continue;
    if (b !== undefined) {
      const between = text.slice(a.end, b.start);
      const merged = tryRange(text, a, b, between);
      if (merged !== null) {
        out.push(merged);
        i++;
        continue;
      }
    }
    out.push(a);
  }
  return out;
}

function tryRange(text: string, a: Quantity, b: Quantity, between: string): Quantity | null {
  const span = (): Pick<Quantity, 'text' | 'start' | 'end'> => ({ text: text.slice(a.start, b.end), start: a.start, end: b.end });
  const joiner = /^\s*(?:to|through|-|–|and)\s*$/i.test(between);
  if (joiner && a.kind === 'count' && a.unit === '' && b.kind !== 'count' && a.comparator === 'exactly') {
    const factor = b.written === 0 ? 1 : b.value / b.written;
    const lo = a.value * factor;
    if (lo <= b.value) return { ...b, value: lo, upper: b.value, comparator: 'range', ...span() };
  }
  if (joiner && a.kind === b.kind && a.unit === b.unit && a.comparator === 'exactly' && b.comparator === 'exactly') {
    const opener = /\b(?:between|from)\s*\$?\s*$/i.test(text.slice(Math.max(0, a.start - 10), a.start));
    if ((opener || !/^\s*and\s*$/i.test(between)) && a.value <= b.value) {
      return { ...b, value: a.value, upper: b.value, comparator: 'range', ...span() };
    }
  }
  const lowerFirst = (a.comparator === 'at-least' || a.comparator === 'more-than') && (b.comparator === 'at-most' || b.comparator === 'less-than');
  if (lowerFirst && a.kind === b.kind && a.unit === b.unit && /^[\s,]*(?:(?:nor|and|but|or)\b[\s,]*)?(?:not\s+)?$/i.test(between)) {
    return { ...b, value: a.value, upper: b.value, comparator: 'range', ...span() };
  }
  return null;
}

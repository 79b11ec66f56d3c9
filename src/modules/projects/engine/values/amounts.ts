import { parseNumberWords } from './number-words.js';

export interface MoneyMention {
  amount: number;
  /** ISO 4217 code. */
  currency: string;
  start: number;
  end: number;
  text: string;
}

export interface NumberMention {
  value: number;
  start: number;
  end: number;
  text: string;
}

const SYMBOLS: Record<string, string> = { $: 'USD', US$: 'USD', '€': 'EUR', '£': 'GBP', '¥': 'JPY', C$: 'CAD', A$: 'AUD', 'HK$': 'HKD', RMB: 'CNY' };
const CODES = ['USD', 'EUR', 'GBP', 'JPY', 'CAD', 'AUD', 'CHF', 'CNY', 'HKD', 'INR', 'SGD', 'RMB'];
const SCALE: Record<string, number> = { thousand: 1e3, million: 1e6, billion: 1e9, k: 1e3, m: 1e6, mm: 1e6, bn: 1e9 };
const FIGURE = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?`;
const SCALE_WORD = String.raw`(?:\s*(?<scale>thousand|million|billion|mm|bn|k|m)\b)?`;
const MONEY = new RegExp(
  [
    String.raw`(?<sym>US\$|C\$|A\$|HK\$|\$|€|£|¥)\s?(?<a1>${FIGURE})${SCALE_WORD.replace('scale', 's1')}`,
    String.raw`\b(?<code>${CODES.join('|')})\s?(?<a2>${FIGURE})${SCALE_WORD.replace('scale', 's2')}`,
    String.raw`(?<a3>${FIGURE})${SCALE_WORD.replace('scale', 's3')}\s*(?<code2>${CODES.join('|')}|(?:U\.S\.\s+)?dollars|euros?|pounds\s+sterling)\b`,
  ].join('|'),
  'gi',
);

function currencyOf(word: string): string {
  const w = word.toUpperCase();
  if (SYMBOLS[word] !== undefined) return SYMBOLS[word];
  if (w === 'RMB') return 'CNY';
  if (/DOLLARS/.test(w)) return 'USD';
  if (/EURO/.test(w)) return 'EUR';
  if (/POUNDS/.test(w)) return 'GBP';
  return w;
}

/** Amounts of money in a sentence: "$1,000,000", "US$ 5 million", "EUR 250,000", "500,000 dollars". */
export function findMoney(text: string): MoneyMention[] {
  const out: MoneyMention[] = [];
  for (const m of text.matchAll(MONEY)) {
    const g = m.groups ?? {};
    const figure = g.a1 ?? g.a2 ?? g.a3 ?? '';
    const scale = (g.s1 ?? g.s2 ?? g.s3 ?? '').toLowerCase();
    const amount = Number(figure.replace(/,/g, '')) * (SCALE[scale] ?? 1);
    if (!Number.isFinite(amount)) continue;
    const start = m.index ?? 0;
    out.push({ amount, currency: currencyOf(g.sym ?? g.code ?? g.code2 ?? ''), start, end: start + m[0].length, text: m[0] });
  }
  return out;
}

const NUMBER = new RegExp(String.raw`(?<![\w.$€£¥])(?:${FIGURE})(?![\w/])%?|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|ninety|hundred)\b`, 'gi');

/**
 * Numbers in a sentence, skipping section numbers ("Section 4.2"), dates and money; a word
 * followed by its digits ("ninety (90)") counts once.
 */
export function findNumbers(text: string): NumberMention[] {
  const money = findMoney(text);
  const out: NumberMention[] = [];
  for (const m of text.matchAll(NUMBER)) {
    const start = m.index ?? 0;
    const end = start + m[0].length;
    if (money.some((x) => start >= x.start && start < x.end)) continue;
    if (/(?:section|article|clause|exhibit|schedule|§)\s*$/i.test(text.slice(Math.max(0, start - 12), start))) continue;
    if (/^\d{4}$/.test(m[0]) && Number(m[0]) >= 1900 && Number(m[0]) <= 2100) continue;
    const previous = out[out.length - 1];
    const value = parseNumberWords(m[0].replace('%', ''));
    if (value === null) continue;
    // "ten (10)", "ten percent (10%)": the digits repeat the words.
    if (previous && previous.value === value && /^\s*(?:[a-z]+\s+)?\($/i.test(text.slice(previous.end, start))) continue;
    out.push({ value, start, end, text: m[0] });
  }
  return out;
}

/**
 * Cardinal and ordinal numbers written in words, as contracts write them ("ninety", "twenty-four",
 * "one hundred twenty", "tenth"). Hand-written: the installed libraries have no word-to-number
 * parser, and contracts use only this small grammar.
 */
const UNITS: Record<string, number> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17,
  eighteen: 18, nineteen: 19,
};
const TENS: Record<string, number> = { twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };
const ORDINALS: Record<string, number> = {
  first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8, ninth: 9, tenth: 10,
  eleventh: 11, twelfth: 12, fifteenth: 15, twentieth: 20, thirtieth: 30,
};

/** The regex source of a number in words or digits ("90", "ninety", "twenty-four", "one hundred twenty"). */
export const NUMBER_WORD_SOURCE = String.raw`(?:\d{1,3}(?:,\d{3})*(?:\.\d+)?|(?:(?:${Object.keys(TENS).join('|')})(?:[\s-](?:${Object.keys(UNITS).join('|')}))?|${Object.keys(UNITS).join('|')}|a|an)(?:\s+hundred(?:\s+(?:and\s+)?(?:(?:${Object.keys(TENS).join('|')})(?:[\s-](?:${Object.keys(UNITS).join('|')}))?|${Object.keys(UNITS).join('|')}))?)?)`;

/** The value of a number written in words or digits; null when it is not one. */
export function parseNumberWords(text: string): number | null {
  const t = text.trim().toLowerCase().replace(/,/g, '');
  if (/^\d+(?:\.\d+)?$/.test(t)) return Number(t);
  if (t === 'a' || t === 'an') return 1;
  if (ORDINALS[t] !== undefined) return ORDINALS[t];
  let total = 0;
  let current = 0;
  let seen = false;
  for (const word of t.split(/[\s-]+/)) {
    if (word === 'and') continue;
    if (UNITS[word] !== undefined) current += UNITS[word];
    else if (TENS[word] !== undefined) current += TENS[word];
    else if (word === 'hundred') current = (current || 1) * 100;
    else if (word === 'thousand') {
      total += (current || 1) * 1000;
      current = 0;
    } else return null;
    seen = true;
  }
  return seen ? total + current : null;
}

/** The value of an ordinal ("tenth", "3rd", "fifth"); null otherwise. */
export function parseOrdinal(text: string): number | null {
  const t = text.trim().toLowerCase();
  const digits = /^(\d+)(?:st|nd|rd|th)$/.exec(t);
  if (digits) return Number(digits[1]);
  return ORDINALS[t] ?? null;
}

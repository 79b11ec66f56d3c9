// English cardinal number words ("thirty", "one hundred twenty-five", "two million").
// Written by hand: none of the installed packages reads number words into values.

const UNITS: Record<string, number> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9,
  ten: 10, eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16,
  seventeen: 17, eighteen: 18, nineteen: 19,
  twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90,
};
const SCALES: Record<string, number> = { hundred: 100, thousand: 1_000, million: 1_000_000, billion: 1_000_000_000 };

const WORD = `(?:${Object.keys(UNITS).join('|')})`;
const WORD_OR_SCALE = `(?:${[...Object.keys(UNITS), ...Object.keys(SCALES)].join('|')})`;

/** Regex source matching one run of number words, e.g. "one hundred and twenty-five". */
export const NUMBER_WORDS_SOURCE = `\\b${WORD}(?:(?:[\\s-]+|\\s+and\\s+)${WORD_OR_SCALE})*\\b`;

// Maps, not the objects above: "constructor" or "toString" is a word of statute text, not a number.
const UNIT_VALUES = new Map(Object.entries(UNITS));
const SCALE_VALUES = new Map(Object.entries(SCALES));

/**
 * The value of one lower-case number word ("thirty"), or null. Coverage asks this of every word of
 * every provision it reads: a lookup, where numberWordsValue's split took a tenth of an answer's
 * time (CPU profile of the dev ask questions).
 */
export function numberWordValue(word: string): number | null {
  return UNIT_VALUES.get(word) ?? null;
}

/** The value of a run of number words, or null when it is not one. */
export function numberWordsValue(phrase: string): number | null {
  const words = phrase.toLowerCase().split(/[\s-]+/).filter((w) => w !== '' && w !== 'and');
  if (words.length === 0) return null;
  let total = 0;
  let current = 0;
  let seenAny = false;
  for (const word of words) {
    const unit = UNIT_VALUES.get(word);
    const scale = SCALE_VALUES.get(word);
    if (unit !== undefined) {
      current += unit;
      seenAny = true;
    } else if (scale === 100) {
      current = (current === 0 ? 1 : current) * 100;
    } else if (scale !== undefined) {
      total += (current === 0 ? 1 : current) * scale;
      current = 0;
    } else {
      return null;
    }
  }
  return seenAny ? total + current : null;
}

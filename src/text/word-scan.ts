/*
 * The word view's tokens (tokens.ts: a letter, number or private-use character, then any of those or
 * marks, as SQLite FTS5's unicode61 splits) found by a scan of the text instead of a regular expression.
 * Clause tagging reads every token of every upload: with the expression, each match built a match
 * array and an iterator result, about a fifth of tagging's time; the scan builds only the word, and
 * takes half the time over the CUAD texts. ASCII is decided by comparison; any other character by
 * the same Unicode property classes as the expression, one code point at a time (word-scan.test.ts
 * checks every code point against the expression).
 */
const START = /^[\p{L}\p{N}\p{Co}]$/u;
const PART = /^[\p{L}\p{N}\p{Co}\p{M}]$/u;

/** Calls `visit` with each word of the text as written, in order: what `text.matchAll(WORD)` matches. */
export function scanWords(text: string, visit: (word: string) => void): void {
  scanWordSpans(text, (start, end) => visit(text.slice(start, end)));
}

/**
 * Calls `visit` with each word's [start, end) in the text, in order: the words scanWords gives, for
 * a reader that looks them up without making each one a string (clause-model.ts).
 */
export function scanWordSpans(text: string, visit: (start: number, end: number) => void): void {
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    const width = c < 128 ? (isAsciiWordChar(c) ? 1 : 0) : unicodeWidth(text, i, START);
    if (width === 0) {
      i += c < 128 ? 1 : codePointWidth(text, i);
      continue;
    }
    const start = i;
    i += width;
    for (;;) {
      if (i >= n) break;
      const next = text.charCodeAt(i);
      const part = next < 128 ? (isAsciiWordChar(next) ? 1 : 0) : unicodeWidth(text, i, PART);
      if (part === 0) break;
      i += part;
    }
    visit(start, i);
  }
}

function isAsciiWordChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57);
}

/** The code point at `i`'s length in UTF-16 units when `pattern` accepts it, else 0. */
function unicodeWidth(text: string, i: number, pattern: RegExp): number {
  const codePoint = text.codePointAt(i) as number;
  return pattern.test(String.fromCodePoint(codePoint)) ? (codePoint > 0xffff ? 2 : 1) : 0;
}

function codePointWidth(text: string, i: number): number {
  return (text.codePointAt(i) as number) > 0xffff ? 2 : 1;
}

/** bmpWordClasses' flags: a code unit that may start a word, one that may continue it, and half of a surrogate pair. */
export const WORD_START = 1;
export const WORD_PART = 2;
export const SURROGATE = 4;

/**
 * Every UTF-16 code unit's word class as scanWordSpans decides it (WORD_START, WORD_PART, both or
 * neither; SURROGATE for the halves of a pair, whose class is their code point's): a table for a
 * scanner that reads code units (clause-sum.c). Built with the same expressions, so it follows the
 * running Node's Unicode tables; about 15 ms.
 */
export function bmpWordClasses(): Uint8Array {
  const classes = new Uint8Array(0x10000);
  for (let unit = 0; unit < 0x10000; unit++) {
    if (unit >= 0xd800 && unit <= 0xdfff) {
      classes[unit] = SURROGATE;
      continue;
    }
    const character = String.fromCharCode(unit);
    classes[unit] = (START.test(character) ? WORD_START : 0) | (PART.test(character) ? WORD_PART : 0);
  }
  return classes;
}

import { stemmer } from 'stemmer';
import { scanWords } from './word-scan.js';

/** What a token is; the "word" view only ever yields `word` and `number`. */
export type TokenKind = 'word' | 'number' | 'money' | 'percent' | 'section' | 'compound' | 'abbreviation';

/** One token; `text === input.slice(start, end)`, `norm` is folded for matching, `stem` is its Porter stem. */
export interface Token {
  text: string;
  norm: string;
  stem: string;
  start: number;
  end: number;
  kind: TokenKind;
}

// Hand-written rather than wink's tokenizer: the point of the "word" view is to split exactly as
// SQLite FTS5's unicode61 tokenizer does (token characters are Unicode L*, N* and Co; everything
// else separates), so that query terms and index terms agree. Marks (M*) are kept inside a token
// so that decomposed accents fold away like precomposed ones.
const WORD = /[\p{L}\p{N}\p{Co}][\p{L}\p{N}\p{Co}\p{M}]*/gu;
/** The word view's token pattern, the reference scanWords (word-scan.ts) is held to. */
export const WORD_PATTERN: Readonly<RegExp> = WORD;
const DIGITS = /^\p{N}+$/u;

/** Lowercases and removes diacritics, as unicode61's default `remove_diacritics 1` does. */
export function foldWord(word: string): string {
  // Most legal text is ASCII: skip the costly NFD pass then.
  if (ASCII.test(word)) return word.toLowerCase();
  return word.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase();
}
const ASCII = /^[\x00-\x7f]*$/;

/**
 * Porter stem of a folded word. FTS5's `porter` tokenizer leaves tokens under 3 characters alone,
 * and so does `stemmer`; numbers pass through unchanged.
 */
export function stemWord(norm: string): string {
  if (norm.length < 3 || DIGITS.test(norm)) return norm;
  let stem = stemCache.get(norm);
  if (stem === undefined) {
    stem = stemmer(norm);
    // Legal vocabulary is small and repetitive; the bound only guards against junk-heavy input.
    if (stemCache.size >= STEM_CACHE_MAX) stemCache.clear();
    stemCache.set(norm, stem);
  }
  return stem;
}
const STEM_CACHE_MAX = 50_000;
const stemCache = new Map<string, string>();

/**
 * Word view: tokens split as FTS5 `unicode61` splits them ("2-1402.11" → 2, 1402, 11; "$600" → 600;
 * "30-day" → 30, day), folded and Porter-stemmed like `porter unicode61` index terms.
 */
export function tokenize(text: string): Token[] {
  return memo(wordCache, text, tokenizeWords);
}

/**
 * The same tokens without keeping them: for text read once (every passage of an upload, tagged at
 * ingestion), where the memo would only fill memory (50,000 passages' tokens is ~0.5 GB).
 */
export function tokenizeUncached(text: string): Token[] {
  return tokenizeWords(text);
}

/** The Porter stems of the word view's tokens, in order: tokenizeUncached(text).map((t) => t.stem) without building the tokens. */
export function wordStems(text: string): string[] {
  const out: string[] = [];
  forEachWord(text, (word) => out.push(stemWord(foldWord(word))));
  return out;
}

/** Calls `visit` with each token of the word view as the text spells it (not yet folded), in order. */
export function forEachWord(text: string, visit: (word: string) => void): void {
  scanWords(text, visit);
}

function tokenizeWords(text: string): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(WORD)) {
    const start = m.index ?? 0;
    const norm = foldWord(m[0]);
    out.push({
      text: m[0],
      norm,
      stem: stemWord(norm),
      start,
      end: start + m[0].length,
      kind: DIGITS.test(norm) ? 'number' : 'word',
    });
  }
  return out;
}

// Legal view, tried in this order at each position (first alternative wins):
const LEGAL = new RegExp(
  [
    // money: $600, $2,500.00, $ 100
    String.raw`(\$\s?\d{1,3}(?:,\d{3})+(?:\.\d+)?|\$\s?\d+(?:\.\d+)?)`,
    // percent: 18%, 1.5 %
    String.raw`(\d+(?:\.\d+)?\s?%)`,
    // section numbers: 2-1402.11, 18.2-10, 42-3505.01, 28A-4, 53.1-40.01, 1.5 (never a trailing period)
    String.raw`(\d+[A-Za-z]?(?:[.\-–]\d+[A-Za-z]?)+)`,
    // grouped numbers: 100,000 and 1,000.50
    String.raw`(\d{1,3}(?:,\d{3})+(?:\.\d+)?)`,
    // dotted abbreviations: U.S.C., D.C., e.g.
    String.raw`((?:\p{L}\.){2,})`,
    // words, joined by hyphens or apostrophes: 30-day, month-to-month, non-compete, tenant's
    String.raw`([\p{L}\p{N}\p{Co}][\p{L}\p{N}\p{Co}\p{M}]*(?:[-‐'’][\p{L}\p{N}\p{Co}][\p{L}\p{N}\p{Co}\p{M}]*)*)`,
  ].join('|'),
  'gu',
);

/**
 * Legal view: keeps section numbers, money, percentages, grouped numbers, dotted abbreviations and
 * hyphenated compounds whole, for display and exact matching. Norms: "$2,500" → "$2500",
 * "18 %" → "18%", "100,000" → "100000", "U.S.C." → "usc", "tenant's" → "tenant".
 */
export function tokenizeLegal(text: string): Token[] {
  return memo(legalCache, text, tokenizeLegalWords);
}

function tokenizeLegalWords(text: string): Token[] {
  const out: Token[] = [];
  LEGAL.lastIndex = 0;
  // exec with numbered groups, not matchAll with named ones: each match's groups object, a closure
  // per token and three replaces per word made a section's first reading 2.3 times as slow (the
  // eval corpus's 29,897 statute versions, tokens compared equal).
  for (let m = LEGAL.exec(text); m !== null; m = LEGAL.exec(text)) {
    const raw = m[0];
    const start = m.index;
    let kind: TokenKind;
    let norm: string;
    let stem: string | undefined;
    if (m[1] !== undefined) {
      kind = 'money';
      norm = raw.replace(/[\s,]/g, '');
    } else if (m[2] !== undefined) {
      kind = 'percent';
      norm = raw.replace(/\s/g, '');
    } else if (m[3] !== undefined) {
      norm = raw.replace('–', '-').toLowerCase();
      kind = /^\d+\.\d+$/.test(norm) ? 'number' : 'section';
    } else if (m[4] !== undefined) {
      kind = 'number';
      norm = raw.replace(/,/g, '');
    } else if (m[5] !== undefined) {
      kind = 'abbreviation';
      norm = foldWord(raw.replace(/\./g, ''));
    } else {
      // Possessive 's carries no meaning for matching: "tenant's" matches "tenant". A plain ASCII
      // word (most of them) has no hyphen or apostrophe to rewrite.
      norm = PLAIN_WORD.test(raw) ? raw.toLowerCase() : foldWord(raw).replace(/‐/g, '-').replace(/’/g, "'").replace(/'s$/, '');
      if (DIGITS.test(norm)) kind = 'number';
      else if (/[-']/.test(norm)) {
        kind = 'compound';
        stem = norm.split('-').map(stemWord).join('-');
      } else {
        kind = 'word';
        stem = stemWord(norm);
      }
    }
    out.push({ text: raw, norm, stem: stem ?? norm, start, end: start + raw.length, kind });
  }
  return out;
}
const PLAIN_WORD = /^[A-Za-z0-9]+$/;

/**
 * The same sentences are tokenized again and again: every query re-reads the sections and
 * passages it retrieves, and a list's lead-in is scored with each of its items. Results are kept
 * per text (bounded; callers only read the arrays).
 */
const MEMO_ENTRIES = 50_000;
const wordCache = new Map<string, Token[]>();
const legalCache = new Map<string, Token[]>();

function memo(cache: Map<string, Token[]>, text: string, compute: (text: string) => Token[]): Token[] {
  const hit = cache.get(text);
  if (hit) return hit;
  const tokens = compute(text);
  if (cache.size >= MEMO_ENTRIES) cache.clear();
  cache.set(text, tokens);
  return tokens;
}

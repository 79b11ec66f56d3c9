// Finding a model's "quote" in a section's text, and returning the section's own words for it. Pure.
// Whatever matches, the result is always a substring of the section text: a model's spelling of the
// quote never reaches the user, only the statute's.

/** Shorter quotes prove nothing ("shall", "1 year"): they are treated as not found. */
export const MIN_QUOTE_CHARS = 12;
/** Longer quotes are not quotes but the section retold; the model is told to keep well under this. */
export const MAX_QUOTE_CHARS = 800;

// Typography a model rewrites without meaning to: curly quotes and apostrophes, en/em dashes and
// non-breaking hyphens. Each folds to one character, so offsets map back one to one.
const FOLD: Readonly<Record<string, string>> = {
  '\u2018': "'", '\u2019': "'", '\u201A': "'", '\u201B': "'", '\u2032': "'",
  '\u201C': '"', '\u201D': '"', '\u201E': '"', '\u2033': '"',
  '\u2010': '-', '\u2011': '-', '\u2012': '-', '\u2013': '-', '\u2014': '-', '\u2015': '-', '\u2212': '-',
};

function foldChar(ch: string): string {
  const folded = FOLD[ch] ?? ch;
  const lower = folded.toLowerCase();
  // A few characters lower-case to two ('İ'); those are kept so the offset map stays one to one.
  return lower.length === 1 ? lower : folded;
}

/** `text` with whitespace runs collapsed to one space and typography and case folded, and for each kept character its offset in `text`. */
function normalizeWithMap(text: string): { normalized: string; offsets: number[] } {
  let normalized = '';
  const offsets: number[] = [];
  let inSpace = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charAt(i);
    if (/\s/.test(ch)) {
      if (!inSpace) {
        normalized += ' ';
        offsets.push(i);
      }
      inSpace = true;
      continue;
    }
    inSpace = false;
    normalized += foldChar(ch);
    offsets.push(i);
  }
  return { normalized, offsets };
}

// Quotation marks or an ellipsis a model wraps around the words it quotes; they are its, not the statute's.
const WRAPPING_MARKS = /^["'\u201C\u201D\u2018\u2019]+|["'\u201C\u201D\u2018\u2019]+$/g;
const EDGE_ELLIPSIS = /^(?:\.\.\.|\u2026)\s*|\s*(?:\.\.\.|\u2026)$/g;

/** The quote as the model meant it: trimmed, without wrapping quotation marks or a leading/trailing ellipsis. */
export function cleanQuote(quote: string): string {
  let q = quote.trim();
  for (let previous = ''; previous !== q; ) {
    previous = q;
    q = q.replace(WRAPPING_MARKS, '').replace(EDGE_ELLIPSIS, '').trim();
  }
  return q;
}

/**
 * The exact substring of `text` that `quote` reproduces, or null. The quote is tried as written and
 * then cleaned (see cleanQuote); each first exactly, then with whitespace runs, typographic quotes and
 * dashes, and letter case made equal on both sides, the match mapped back to the original characters.
 * A quote outside [MIN_QUOTE_CHARS, MAX_QUOTE_CHARS] is not accepted.
 */
export function findVerbatim(text: string, quote: string): string | null {
  const written = quote.trim();
  const cleaned = cleanQuote(quote);
  const forms = cleaned === written ? [written] : [written, cleaned];
  let haystack: { normalized: string; offsets: number[] } | undefined;
  for (const q of forms) {
    if (q.length < MIN_QUOTE_CHARS || q.length > MAX_QUOTE_CHARS) continue;
    if (text.includes(q)) return q;
    haystack ??= normalizeWithMap(text);
    const found = normalizedMatch(text, haystack, q);
    if (found !== null) return found;
  }
  return null;
}

function normalizedMatch(text: string, haystack: { normalized: string; offsets: number[] }, quote: string): string | null {
  const needle = normalizeWithMap(quote).normalized;
  const at = haystack.normalized.indexOf(needle);
  if (at < 0) return null;
  const start = haystack.offsets[at];
  // The needle is trimmed, so its last character is not a collapsed space: it maps to one original character.
  const last = haystack.offsets[at + needle.length - 1];
  if (start === undefined || last === undefined) return null;
  return text.slice(start, last + 1);
}

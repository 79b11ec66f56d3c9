/**
 * Same-length normalization of text before scanning: every replacement is one UTF-16 unit for one, so an
 * offset in the normalized text is the same offset in the caller's text.
 */

// Dashes people and publishers put inside section numbers: en dash (D.C.'s 31–3302.06a, USLM's 1320a–7b),
// non-breaking hyphen, figure dash, minus sign. The em dash is left alone: it only ever marks a range.
const DASHES = /[\u2010\u2011\u2012\u2013\u2212]/g;
// Non-breaking, thin, narrow no-break and other fixed-width spaces.
const SPACES = /[\u00a0\u2000-\u200a\u202f\u205f\u3000]/g;

/** The text with look-alike dashes as '-' and look-alike spaces as ' ', same length as the input. */
export function normalizeForScan(text: string): string {
  return text.replace(DASHES, '-').replace(SPACES, ' ');
}

/** parseCitation: a whole string that is exactly one citation (the {citation} of GET /v1/statute/{citation}). */
import { findCitations } from './find-citations.js';
import type { ParsedCitation } from './citation.types.js';

// A Bluebook date parenthetical a lawyer may paste along: "(2018)", "(West 2020)", "(McKinney Supp. 2021)",
// "(2012 & Supp. V 2018)".
const YEAR = String.raw`(?:1[89]|20)\d\d`;
const DATE_PARENTHETICAL = new RegExp(
  String.raw`\s*\((?:[A-Z][A-Za-z.']{0,20}\s)?(?:Supp\.\s)?${YEAR}(?:\s&\sSupp\.(?:\s[IVX]{1,4})?\s${YEAR})?\)$`,
);
// Closing punctuation of a sentence the citation was copied from.
const CLOSING_PUNCTUATION = /[.,;:]$/;

function exactlyOne(input: string): ParsedCitation | null {
  const found = findCitations(input);
  const only = found[0];
  if (found.length !== 1 || !only || only.start !== 0 || only.end !== input.length) return null;
  const { jurisdiction, codeName, title, section, pinpoint, canonical } = only;
  return { jurisdiction, codeName, title, section, pinpoint, canonical };
}

/**
 * The citation that the whole input is (after trimming), or null when the input is anything else:
 * no code named, no section, several sections, or extra words.
 */
export function parseCitation(input: string): ParsedCitation | null {
  const trimmed = input.trim();
  if (trimmed === '' || trimmed.length > 300) return null;
  const direct = exactlyOne(trimmed);
  if (direct) return direct;
  let rest = trimmed;
  if (CLOSING_PUNCTUATION.test(rest)) rest = rest.slice(0, -1).trimEnd();
  rest = rest.replace(DATE_PARENTHETICAL, '');
  return rest !== trimmed && rest !== '' ? exactlyOne(rest) : null;
}

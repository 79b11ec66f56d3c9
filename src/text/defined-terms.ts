import { tokenizeLegal, type Token } from './tokens.js';
import { isStopword, isLegalOperator } from './stopwords.js';

/** A capitalized defined term as written: "Change of Control", "Effective Date", "Licensee". */
export interface DefinedTermMention {
  text: string;
  start: number;
  end: number;
}

/** Small words allowed inside a defined term: "Change of Control", "Terms and Conditions". */
const CONNECTORS = new Set(['of', 'and', 'the', 'for', 'to', 'in', 'on', 'or', '&']);

/**
 * Capitalized words that are names of places, calendar words or pronouns rather than defined terms.
 * Jurisdictions: a question scoped to D.C. says "District" without meaning a defined term.
 */
const NOT_DEFINED = new Set([
  'i', 'district', 'columbia', 'virginia', 'colorado', 'united', 'states', 'america', 'american',
  'english', 'january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september',
  'october', 'november', 'december', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday',
  'saturday', 'sunday', 'mr', 'mrs', 'ms', 'dr',
]);

function capitalized(token: Token): boolean {
  return /^\p{Lu}/u.test(token.text) && token.kind !== 'abbreviation';
}

/** True when nothing but whitespace, quotes or brackets since the text start or a sentence end. */
function sentenceInitial(text: string, tokens: Token[], i: number): boolean {
  const token = tokens[i];
  if (token === undefined) return false;
  const prev = tokens[i - 1];
  if (prev === undefined) return true;
  return /[.?!:;]/.test(text.slice(prev.end, token.start));
}

function isFiller(token: Token): boolean {
  // Statute scope: the loaded codes' place names are in NOT_DEFINED either way, and "Washington" or
  // "DC" starting a defined term would be a place, not a term of the text.
  return isStopword(token.norm, 'statutes') || isLegalOperator(token.norm) || NOT_DEFINED.has(token.norm);
}

/**
 * Runs of capitalized words that are not at a sentence start, joined by small connectors:
 * "Does the Change of Control clause bind the Licensee?" → "Change of Control", "Licensee".
 * Skipped entirely when the text is mostly capitals (a shouted question has no defined terms).
 */
export function findDefinedTerms(text: string): DefinedTermMention[] {
  const letters = text.replace(/[^\p{L}]/gu, '');
  const upper = letters.replace(/[^\p{Lu}]/gu, '');
  if (letters.length > 0 && upper.length / letters.length > 0.6) return [];

  const tokens = tokenizeLegal(text);
  const out: DefinedTermMention[] = [];
  let i = 0;
  while (i < tokens.length) {
    const first = tokens[i];
    if (first === undefined || !capitalized(first) || sentenceInitial(text, tokens, i) || isFiller(first)) {
      i++;
      continue;
    }
    let last = i;
    let j = i + 1;
    while (j < tokens.length) {
      const t = tokens[j];
      if (t === undefined || /[.?!:;,()"“”]/.test(text.slice(tokens[j - 1]?.end ?? 0, t.start))) break;
      if (capitalized(t) && !NOT_DEFINED.has(t.norm)) {
        last = j;
        j++;
      } else if (CONNECTORS.has(t.norm) && tokens[j + 1] !== undefined && capitalized(tokens[j + 1] as Token)) {
        j++;
      } else break;
    }
    const end = tokens[last]?.end ?? first.end;
    out.push({ text: text.slice(first.start, end), start: first.start, end });
    i = last + 1;
  }
  return out;
}

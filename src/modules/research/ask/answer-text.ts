// The answer's sentences, built from the provisions' own words: "Under D.C. Code § 12-301(a)(4), except
// as otherwise ... accrues: for libel, ... — 1 year." A list item that is only a fragment is read with
// its lead-in; designations and list punctuation ("; and") are dropped, nothing else is changed.
import type { CandidateSection } from './ask.types.js';
import type { ProvisionUnit, TextSpan } from './provision-units.js';

/** Words that may open a provision and read as ordinary words once they follow "Under ..., ". */
const ORDINARY_OPENERS = new Set([
  'a', 'an', 'the', 'any', 'each', 'every', 'all', 'no', 'none', 'nothing', 'this', 'that', 'these', 'those', 'such',
  'if', 'unless', 'except', 'when', 'whenever', 'where', 'wherever', 'whoever', 'notwithstanding', 'subject',
  'upon', 'on', 'in', 'for', 'by', 'after', 'before', 'within', 'during', 'at', 'to', 'as', 'there', 'it', 'one',
  'however', 'provided', 'nor', 'or', 'and', 'but', 'only', 'either', 'neither', 'whether', 'while', 'until',
]);

/** Drops designations at the start and list punctuation at the end, and ends the text with a period. */
export function readable(text: string): string {
  let s = text.replace(/^(?:\s*\[?\([0-9A-Za-z]{1,6}(?:-\d{1,3}[A-Za-z]?)?\)\]?)+\s*/, '').replace(/^[A-Z0-9]{1,3}\.\s+/, '');
  s = s.replace(/\s*(?:;|,)?\s*(?:and|or)\s*$/i, '').replace(/\s*[;,:—–-]\s*$/, '').trim();
  return /[.!?]["”’)]?$/.test(s) ? s : `${s}.`;
}

/** True when the text opens with an ordinary word ("Except as ...", "A will ..."), not a name or a noun. */
function opensOrdinarily(text: string): boolean {
  const first = /^([A-Za-z]+)/.exec(text)?.[1] ?? '';
  return ORDINARY_OPENERS.has(first.toLowerCase());
}

/** Lowercases the first letter, so the provision reads on after "Under ..., ". */
function lowerFirst(text: string): string {
  return (text[0] ?? '').toLowerCase() + text.slice(1);
}

/**
 * "Under X, except as ..." when the provision opens with an ordinary word; otherwise "X provides:
 * Violation of ...", since lowercasing a noun or a name ("District of Columbia") would misquote it.
 */
export function introduce(where: string, text: string): string {
  return opensOrdinarily(text) ? `Under ${where}, ${lowerFirst(text)}` : `${where} provides: ${text}`;
}

/** Whether a list item reads alone: a fragment ("for libel ... — 1 year") needs its lead-in. */
function isFragment(body: string): boolean {
  return /^[a-z]/.test(body.trim());
}

/** "D.C. Code § 12-301(a)(4)": the canonical citation with the pinpoint of the quote. */
export function pinpointed(candidate: CandidateSection, pinpoint: string): string {
  return `${candidate.citation}${pinpoint}`;
}

/** One answer sentence for a provision unit quoted as `quote` (a clause of the unit, or the unit). */
export function provisionSentence(candidate: CandidateSection, unit: ProvisionUnit, quote: TextSpan): string {
  const source = candidate.text;
  const where = pinpointed(candidate, unit.pinpoint);
  if (quote.start > unit.bodyStart) {
    // A clause cut from the middle of a long sentence: its subject is the sentence's opening words.
    const opening = source.slice(unit.bodyStart, quote.start);
    const head = /^[^,;:]{3,120}(?=,)/.exec(opening)?.[0];
    const clause = readable(quote.text);
    return head === undefined ? introduce(where, clause) : `${introduce(where, head)} … ${clause}`;
  }
  const body = source.slice(Math.max(quote.start, unit.bodyStart), quote.end);
  const lead = unit.leadIn;
  if (lead !== null && isFragment(body)) {
    return `${introduce(where, readableLead(source.slice(lead.bodyStart, lead.end)))} ${readable(body)}`;
  }
  return introduce(where, readable(body));
}

/** A lead-in keeps its closing colon, so the item reads as what it introduces. */
function readableLead(text: string): string {
  const s = text.replace(/^(?:\s*\[?\([0-9A-Za-z]{1,6}\)\]?)+\s*/, '').replace(/^[A-Z0-9]{1,3}\.\s+/, '').trim();
  return /[:—–]$/.test(s) ? s : `${s}:`;
}

/** What the reader must know about a version that is not in force on the date asked about. */
export function statusNote(candidate: CandidateSection): string {
  switch (candidate.status) {
    case 'REPEALED':
      return ` (${candidate.citation} has been repealed; the text quoted is its last version, in force from ${candidate.effectiveFrom}.)`;
    case 'NOT_YET_EFFECTIVE':
      return ` (This version of ${candidate.citation} takes effect on ${candidate.effectiveFrom}, after the date asked about.)`;
    default:
      return '';
  }
}

/** "District of Columbia statutes" / "statutes" when the jurisdiction has no name. */
function scopeOf(jurisdictionName: string): string {
  return jurisdictionName.trim() === '' ? 'the loaded statutes' : `the loaded ${jurisdictionName} statutes`;
}

/** " It likely falls under title 28 (...), which is not loaded." when the question points at an unloaded title. */
export function missingTitleNote(missingTitle: string | null | undefined): string {
  return missingTitle ? ` The question points at ${missingTitle}, which is not loaded.` : '';
}

/** The answer when no provision supports one: says so plainly, names a likely missing title, and the nearest sections examined. */
export function noAnswerText(jurisdictionName: string, nearest: CandidateSection[], missingTitle?: string | null): string {
  const listed = nearest.map((c) => (c.heading ? `${c.citation} (${c.heading.replace(/\.$/, '')})` : c.citation));
  const none = `No provision in ${scopeOf(jurisdictionName)} answers this question.${missingTitleNote(missingTitle)}`;
  if (listed.length === 0) return none;
  if (listed.length === 1) return `${none} The nearest section examined was ${listed[0]}, and it does not address the question.`;
  return `${none} The nearest sections examined were ${joinList(listed)}, and they do not address the question.`;
}

/** Prefix of an answer drawn from a provision that does not hold the question's substance. */
export function hedgeText(jurisdictionName: string, missingTitle?: string | null): string {
  return `No provision in ${scopeOf(jurisdictionName)} answers this question squarely.${missingTitleNote(missingTitle)} The closest provision found may not answer it: `;
}

function joinList(items: string[]): string {
  if (items.length <= 1) return items.join('');
  if (items.length === 2) return `${items[0]} and ${items[1]}`;
  return `${items.slice(0, -1).join(', ')}, and ${items[items.length - 1]}`;
}

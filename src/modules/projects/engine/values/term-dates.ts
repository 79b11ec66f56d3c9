import { findDates, type DateMention } from '../../../../text/dates.js';
import { addDuration, findDurations, type DurationMention } from './durations.js';
import { parseOrdinal } from './number-words.js';

/** A date some other date is counted from: "the Effective Date", "the date hereof". */
export interface AnchorDate<Ref> {
  iso: string;
  /** Where the file states it (the engine cites it). */
  ref: Ref;
}

export type DateAnswer<Ref> =
  | { kind: 'stated'; iso: string; mention: DateMention }
  | { kind: 'computed'; iso: string; duration: DurationMention; anchorTerm: string; anchor: AnchorDate<Ref> | { iso: string; mention: DateMention } };

// Words that open a period ("commencing on", "from") and that close one ("until", "expiring on").
const START_BEFORE = /(?:commenc\w*|begin\w*|began|start\w*|effective|from|dated|entered into|made)\s+(?:as\s+of\s+|on\s+|upon\s+|with\s+)?(?:the\s+)?$/i;
const END_BEFORE = /(?:until|through|thru|expir\w*|end\w*|terminat\w*|conclud\w*|on or before|to|last day of)\s+(?:on\s+|at\s+|upon\s+)?(?:the\s+)?$/i;
/** Questions about when something stops ask for the end of a stated period. */
const ASKS_END = /\b(?:expir\w*|end\w*|terminat\w*|until|last|lapse\w*|run out)\b/i;
/** A renewal or extension period is not the term itself. */
const RENEWAL_BEFORE = /(?:renew\w*|successive|additional|extension|extended|further)\b[^.;]{0,40}$/i;
// A defined term ending in Date ("Effective Date", "Commencement Date") or the agreement's own date.
const ANCHOR_TERM = String.raw`(?<term>(?:[A-Z][\w-]*\s+){1,3}Date|date\s+(?:hereof|of\s+(?:this|the)\s+(?:Agreement|agreement|document))|date\s+first\s+(?:above\s+)?written|(?:date\s+of\s+)?execution(?:\s+of\s+this\s+Agreement)?)`;
const AFTER_ANCHOR = new RegExp(String.raw`^[\s,]*(?:\([^)]{0,40}\)\s*)?(?:from|after|following|of|commencing\s+(?:on|with)|beginning\s+(?:on|with)|starting\s+(?:on|with))\s+(?:the\s+)?${ANCHOR_TERM}`);
const ANNIVERSARY = new RegExp(String.raw`\b(?<ord>\w+)\s+anniversary\s+of\s+(?:the\s+)?${ANCHOR_TERM}`, 'g');
const SENTENCE_ANCHOR = new RegExp(String.raw`(?:commenc\w*|begin\w*|start\w*|effective)\s+(?:on|as of|upon|from|with)?\s*(?:the\s+)?${ANCHOR_TERM}`);

/** What a person reads for a computed date: "2013-03-01 (3 years after Effective Date, 2010-03-01)". */
export function computedDateDisplay(d: Extract<DateAnswer<unknown>, { kind: 'computed' }>): string {
  return `${d.iso} (${d.duration.normal} after ${d.anchorTerm.replace(/^the\s+/i, '')}, ${d.anchor.iso})`;
}

/** The defined term as a lookup key: "Effective Date", or "date hereof" for the agreement's own date. */
export function anchorKey(term: string): string {
  const t = term.replace(/\s+/g, ' ').trim();
  if (/^date\s+(hereof|of\s+(this|the))|^date\s+first|execution/i.test(t)) return 'date hereof';
  return t;
}

/**
 * The date a sentence gives for the question: a date it states (for questions about an end, the
 * one closing a period), or one it computes from a period and the date it runs from ("three (3)
 * years after the Effective Date", "until the fifth anniversary of the Effective Date",
 * "commencing June 1, 2006 ... for one year"). `anchorOf` finds a defined date in the file.
 */
export function dateFromSentence<Ref>(sentence: string, question: string, anchorOf: (key: string) => AnchorDate<Ref> | null): DateAnswer<Ref> | null {
  const asksEnd = ASKS_END.test(question);
  const dates = findDates(sentence).filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d.iso));
  const before = (d: { start: number }) => sentence.slice(Math.max(0, d.start - 40), d.start);
  if (!asksEnd) return dates[0] ? { kind: 'stated', iso: dates[0].iso, mention: dates[0] } : null;

  const ends = dates.filter((d) => END_BEFORE.test(before(d)));
  if (ends[0]) return { kind: 'stated', iso: ends[0].iso, mention: ends[0] };

  for (const m of sentence.matchAll(ANNIVERSARY)) {
    const years = parseOrdinal(m.groups?.ord ?? '');
    const anchor = anchorOf(anchorKey(m.groups?.term ?? ''));
    if (years === null || !anchor) continue;
    const iso = addDuration(anchor.iso, years, 'year');
    const start = m.index ?? 0;
    const duration: DurationMention = { amount: years, unit: 'year', normal: `${years} years`, days: years * 365, start, end: start + m[0].length, text: m[0] };
    if (iso) return { kind: 'computed', iso, duration, anchorTerm: m.groups?.term ?? '', anchor };
  }

  const periods = findDurations(sentence).filter((d) => !RENEWAL_BEFORE.test(sentence.slice(Math.max(0, d.start - 60), d.start)) && d.unit !== 'day');
  const period = periods[0];
  if (period) {
    const starts = dates.filter((d) => START_BEFORE.test(before(d)));
    const explicit = starts[0] ?? (dates.length === 1 && dates[0] && dates[0].start < period.start ? dates[0] : undefined);
    const after = AFTER_ANCHOR.exec(sentence.slice(period.end));
    const named = after?.groups?.term ?? SENTENCE_ANCHOR.exec(sentence)?.groups?.term;
    let anchor: AnchorDate<Ref> | { iso: string; mention: DateMention } | null = null;
    let anchorTerm = '';
    if (explicit && !after) {
      anchor = { iso: explicit.iso, mention: explicit };
      anchorTerm = explicit.text;
    } else {
      // A term with no date named runs from the Effective Date, or else the agreement's date.
      anchorTerm = named ?? 'Effective Date';
      anchor = anchorOf(anchorKey(anchorTerm)) ?? (named ? null : anchorOf('date hereof'));
    }
    if (anchor) {
      const iso = addDuration(anchor.iso, period.amount, period.unit);
      if (iso) return { kind: 'computed', iso, duration: period, anchorTerm, anchor };
    }
  }
  const unmarked = dates.filter((d) => !START_BEFORE.test(before(d)));
  if (unmarked.length === 1 && unmarked[0]) return { kind: 'stated', iso: unmarked[0].iso, mention: unmarked[0] };
  return null;
}

/**
 * Finds where a file defines a date term: `March 1, 2010 (the "Effective Date")`,
 * `"Effective Date" means March 1, 2010`, `Effective Date: March 1, 2010`. For "date hereof" (and
 * as the fallback for an undefined Effective Date) the first date of the preamble. Offsets are
 * into `text`.
 */
export function findDefinedDate(text: string, key: string): { iso: string; start: number; end: number } | null {
  const head = text.slice(0, 200_000);
  if (key !== 'date hereof') {
    const term = key.replace(/\s+/g, String.raw`\s+`);
    const patterns = [
      new RegExp(String.raw`\((?:the\s+|this\s+)?["“']{0,2}${term}["”']{0,2}\)`, 'g'),
      new RegExp(String.raw`["“]${term}["”]\s*(?:shall\s+)?(?:mean|be|is)s?\b`, 'g'),
      new RegExp(String.raw`\b${term}\s*(?::|is|shall be|of this Agreement is)`, 'g'),
    ];
    for (const [i, pattern] of patterns.entries()) {
      for (const m of head.matchAll(pattern)) {
        const at = m.index ?? 0;
        // A parenthetical defines the date written just before it; the other forms, the one after.
        const window = i === 0 ? { from: Math.max(0, at - 160), to: at } : { from: at + m[0].length, to: at + m[0].length + 160 };
        const dates = findDates(head.slice(window.from, window.to)).filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d.iso));
        const d = i === 0 ? dates[dates.length - 1] : dates[0];
        if (d) return { iso: d.iso, start: window.from + d.start, end: window.from + d.end };
      }
    }
  }
  if (!/^(date hereof|effective date)$/i.test(key)) return null;
  const preamble = head.slice(0, 4000);
  const dates = findDates(preamble).filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d.iso));
  const marked = dates.find((d) => /(?:as of|dated|made|entered into|effective|this)\W+(?:\w+\W+){0,3}$/i.test(preamble.slice(Math.max(0, d.start - 40), d.start)));
  const d = marked ?? dates[0];
  return d ? { iso: d.iso, start: d.start, end: d.end } : null;
}

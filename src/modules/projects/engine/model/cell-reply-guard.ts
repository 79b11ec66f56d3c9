import { findDates } from '../../../../text/dates.js';
import { isStopword } from '../../../../text/stopwords.js';
import { tokenize } from '../../../../text/tokens.js';
import type { AnswerInput } from '../answer-cell.js';
import { NO_ANSWER_DISPLAY, type CandidateSentence, type CellAnswer, type Citation } from '../cell-answer.types.js';
import { findMoney, findNumbers } from '../values/amounts.js';
import { findDurations } from '../values/durations.js';
import { findJurisdictions } from '../values/jurisdictions.js';
import { computedDateDisplay, dateFromSentence } from '../values/term-dates.js';

/**
 * Share of a free-text value's content words that must appear in the sentences it cites. The model
 * may trim or reorder the contract's words, not write new ones: a paraphrase that brings in words
 * the contract does not use ("unlimited" for "shall not exceed") is turned away.
 */
export const TEXT_SUPPORT = 0.8;

const cite = (s: CandidateSentence): Citation => ({ file_id: s.fileId, page: s.page, quote: s.text, start: s.start, end: s.end });

/** The JSON object of a reply, which models sometimes wrap in a code fence or a sentence. */
function parseReply(raw: string): { value: unknown; sentences: unknown } | null {
  const from = raw.indexOf('{');
  const to = raw.lastIndexOf('}');
  if (from < 0 || to <= from) return null;
  try {
    const body: unknown = JSON.parse(raw.slice(from, to + 1));
    if (typeof body !== 'object' || body === null || !('value' in body)) return null;
    return { value: (body as { value: unknown }).value, sentences: (body as { sentences?: unknown }).sentences ?? [] };
  } catch {
    return null;
  }
}

const contentStems = (text: string): string[] => tokenize(text).filter((t) => !isStopword(t.norm, 'documents')).map((t) => t.stem);

/** Whether the cited sentences hold (nearly) every content word of `text`. */
function wordsSupported(text: string, cited: CandidateSentence[]): boolean {
  const words = contentStems(text);
  if (words.length === 0) return false;
  const source = new Set(cited.flatMap((s) => contentStems(s.text)));
  return words.filter((w) => source.has(w)).length / words.length >= TEXT_SUPPORT;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Checks a model's reply for one cell before anyone reads it, and builds the cell from it. The
 * reply cites excerpts by number, so every quote is a span of the file, verbatim. A value must be
 * one the excerpts it cites state: a date, period, amount, number or jurisdiction must be found in
 * them by the same readers the extractive engine uses (or be the date it computes from them), and
 * free text must be the contract's own words. Null when the reply is malformed or unsupported:
 * the extractive engine answers instead.
 */
export function guardCellReply(raw: string, input: AnswerInput, offered: CandidateSentence[]): CellAnswer | null {
  const reply = parseReply(raw);
  if (!reply) return null;
  const numbers = Array.isArray(reply.sentences) ? reply.sentences : [];
  const cited = [...new Set(numbers.filter((n): n is number => Number.isInteger(n) && n >= 1 && n <= offered.length))].map((n) => offered[n - 1] as CandidateSentence);
  const nearest = cited[0] ?? offered[0];
  const { value } = reply;

  if (input.structure.kind === 'yes_no') {
    if (typeof value !== 'boolean') return null;
    if (!value) return { value: false, display: nearest ? 'No: the file has no such clause (nearest text cited)' : 'No: the file has no such clause', citations: nearest ? [cite(nearest)] : [] };
    const first = cited[0];
    return first ? { value: true, display: `Yes: ${first.text}`, citations: cited.map(cite) } : null;
  }
  if (value === null) return { value: null, display: NO_ANSWER_DISPLAY, citations: nearest ? [cite(nearest)] : [] };
  // Any other value needs an excerpt that states it.
  if (cited.length === 0) return null;
  const citations = cited.map(cite);
  const stated = (find: (s: CandidateSentence) => boolean) => cited.some(find);

  switch (input.structure.kind) {
    case 'text': {
      if (typeof value !== 'string' || !wordsSupported(value, cited)) return null;
      const text = value.trim();
      return { value: text, display: text, citations };
    }
    case 'list': {
      if (!Array.isArray(value) || value.length === 0) return null;
      const items = value.map((v) => (typeof v === 'string' ? v.trim() : ''));
      if (items.some((i) => i === '' || !wordsSupported(i, cited))) return null;
      return { value: items, display: items.join('; '), citations };
    }
    case 'enum': {
      if (typeof value !== 'string') return null;
      const option = input.structure.options.find((o) => o.toLowerCase() === value.trim().toLowerCase());
      return option ? { value: option, display: option, citations } : null;
    }
    case 'jurisdiction': {
      if (typeof value !== 'string') return null;
      const wanted = value.trim().toLowerCase();
      const named = cited.flatMap((s) => findJurisdictions(s.text)).find((j) => j.name.toLowerCase() === wanted);
      return named ? { value: named.name, display: named.name, citations } : null;
    }
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return null;
      return stated((s) => findNumbers(s.text).some((n) => n.value === value)) ? { value, display: String(value), citations } : null;
    }
    case 'money': {
      if (!isRecord(value) || typeof value.amount !== 'number' || typeof value.currency !== 'string') return null;
      const { amount } = value;
      const currency = value.currency.toUpperCase();
      if (!stated((s) => findMoney(s.text).some((m) => m.amount === amount && m.currency === currency))) return null;
      return { value: { amount, currency }, display: `${currency} ${amount.toLocaleString('en-US')}`, citations };
    }
    case 'duration': {
      if (!isRecord(value) || typeof value.days !== 'number') return null;
      const mention = cited.flatMap((s) => findDurations(s.text)).find((d) => d.days === value.days);
      return mention ? { value: { days: mention.days, text: mention.normal }, display: mention.normal, citations } : null;
    }
    case 'date': {
      if (typeof value !== 'string' || !ISO_DAY.test(value)) return null;
      if (stated((s) => findDates(s.text).some((d) => d.iso === value))) return { value, display: value, citations };
      // A computed date ("three years after the Effective Date") is accepted when the built-in
      // reader computes the same day from a cited sentence and the file's own defined dates.
      for (const s of cited) {
        const d = dateFromSentence(s.text, input.question, input.anchorOf);
        if (d?.kind !== 'computed' || d.iso !== value) continue;
        const anchor = 'ref' in d.anchor ? [d.anchor.ref] : [];
        return { value, display: computedDateDisplay(d), citations: [...citations, ...anchor.filter((a) => !citations.some((c) => c.start === a.start && c.file_id === a.file_id))] };
      }
      return null;
    }
  }
}

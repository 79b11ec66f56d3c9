import type { QueryAnalysis } from '../../../text/query-analysis.js';
import { leadWhenPresent } from '../../../text/clauses/question-polarity.js';
import { tokenize } from '../../../text/tokens.js';
import type { ResponseStructure } from '../response-structure.js';
import { findMoney, findNumbers } from './values/amounts.js';
import { listItems, matchOption } from './values/choices.js';
import { findDurations } from './values/durations.js';
import { governingJurisdiction } from './values/jurisdictions.js';
import { computedDateDisplay, dateFromSentence, type AnchorDate } from './values/term-dates.js';
import { NO_ANSWER_DISPLAY, type CandidateSentence, type CellAnswer, type Citation } from './cell-answer.types.js';

/**
 * How much of the question's (idf-weighted) terms a sentence must hold to answer it, by kind of
 * answer. Tuned on the tuning half of the CUAD table evaluation only (eval/table.eval.ts): a typed
 * value must also be found in the sentence, so those need less evidence than a yes; free text has
 * no second check, yet the sweep favoured a low bar for it (a clause is often worded far from the
 * question).
 */
export const THRESHOLDS = { answer: 0.4, text: 0.25, yesNo: 0.5 };

export interface AnswerInput {
  question: string;
  analysis: QueryAnalysis;
  structure: ResponseStructure;
  /** Best first. */
  candidates: CandidateSentence[];
  /** Where the row's files define a date ("Effective Date", "date hereof"), for computed dates. */
  anchorOf: (key: string) => AnchorDate<Citation> | null;
  /**
   * For a yes/no column that asks for a CUAD clause type: the row's sentences that best express
   * that clause, one per passage tagged with it at ingestion, likeliest first (empty: none is).
   */
  clause?: { category: string; sentences: CandidateSentence[] };
}

const cite = (s: CandidateSentence, from = 0, to = s.text.length): Citation => ({
  file_id: s.fileId,
  page: s.page,
  quote: s.text.slice(from, to),
  start: s.start + from,
  end: s.start + to,
});

const none = (nearest?: CandidateSentence): CellAnswer => ({ value: null, display: NO_ANSWER_DISPLAY, citations: nearest ? [cite(nearest)] : [] });

/**
 * Of several values in a sentence, the one nearest the words the question shares with it
 * ("renew for successive one (1) year terms unless ninety (90) days notice": a renewal question
 * takes the year, a notice question the days).
 */
function nearest<T extends { start: number; end: number }>(sentence: string, analysis: QueryAnalysis, mentions: T[]): T | undefined {
  if (mentions.length <= 1) return mentions[0];
  const weights = new Map(analysis.terms.filter((t) => t.kind === 'word' || t.kind === 'defined').map((t) => [t.stem, t.source === 'question' ? t.weight : t.weight / 2]));
  const hits = tokenize(sentence).filter((t) => weights.has(t.stem));
  let best = mentions[0];
  let bestScore = -1;
  for (const m of mentions) {
    const score = hits.reduce((sum, t) => sum + (weights.get(t.stem) ?? 0) / (1 + Math.abs((t.start < m.start ? m.start - t.end : t.start - m.end)) / 25), 0);
    if (score > bestScore) [best, bestScore] = [m, score];
  }
  return best;
}

/** The answer of one cell from its candidate sentences, typed by the column's response structure. */
export function answerCell(input: AnswerInput): CellAnswer {
  const { structure, analysis } = input;
  const top = input.candidates[0];
  const relevant = input.candidates.filter((c) => c.relevance >= THRESHOLDS.answer);

  switch (structure.kind) {
    case 'text': {
      const s = input.candidates.find((c) => c.relevance >= THRESHOLDS.text);
      return s ? { value: s.text, display: s.text, citations: [cite(s)] } : none(top);
    }
    case 'yes_no': {
      // Whether the file has the clause is what the clause classifier was trained to tell; the
      // question's words in a sentence are only a stand-in for it (on the CUAD table evaluation
      // the tag decided exclusivity, assignment and audit rights right 83-98% of the time, the
      // words 77-88%).
      if (input.clause) {
        const s = input.clause.sentences[0];
        // "Can the agreement be assigned without consent?" asks for the freedom an anti-assignment
        // clause takes away: the clause answers no, and its absence is no yes (question-polarity.ts).
        const asksFreedom = (leadWhenPresent(input.clause.category, input.question) ?? 'Yes.') !== 'Yes.';
        if (s) return asksFreedom ? { value: false, display: `No: ${s.text}`, citations: [cite(s)] } : { value: true, display: `Yes: ${s.text}`, citations: [cite(s)] };
        if (asksFreedom) return { value: null, display: top ? 'The file has no clause restricting it (nearest text cited)' : 'The file has no clause restricting it', citations: top ? [cite(top)] : [] };
        return { value: false, display: top ? 'No: the file has no such clause (nearest text cited)' : 'No: the file has no such clause', citations: top ? [cite(top)] : [] };
      }
      const s = input.candidates.find((c) => c.relevance >= THRESHOLDS.yesNo);
      if (s) return { value: true, display: `Yes: ${s.text}`, citations: [cite(s)] };
      return { value: false, display: top ? 'No: the file has no such clause (nearest text cited)' : 'No: the file has no such clause', citations: top ? [cite(top)] : [] };
    }
    case 'jurisdiction': {
      for (const s of relevant) {
        const j = governingJurisdiction(s.text);
        if (j) return { value: j.name, display: j.name, citations: [cite(s)] };
      }
      return none(top);
    }
    case 'duration': {
      for (const s of relevant) {
        const d = nearest(s.text, analysis, findDurations(s.text));
        if (d) return { value: { days: d.days, text: d.normal }, display: d.normal, citations: [cite(s)] };
      }
      return none(top);
    }
    case 'money': {
      for (const s of relevant) {
        const m = nearest(s.text, analysis, findMoney(s.text));
        if (m) return { value: { amount: m.amount, currency: m.currency }, display: `${m.currency} ${m.amount.toLocaleString('en-US')}`, citations: [cite(s)] };
      }
      return none(top);
    }
    case 'number': {
      for (const s of relevant) {
        const n = nearest(s.text, analysis, findNumbers(s.text));
        if (n) return { value: n.value, display: String(n.value), citations: [cite(s)] };
      }
      return none(top);
    }
    case 'list': {
      const s = relevant[0];
      if (!s) return none(top);
      const items = listItems(s.text);
      return { value: items.map((i) => i.text), display: items.map((i) => i.text).join('; '), citations: items.map((i) => cite(s, i.start, i.end)) };
    }
    case 'enum': {
      for (const s of relevant) {
        const m = matchOption(s.text, structure.options);
        if (m) return { value: m.option, display: m.option, citations: [cite(s)] };
      }
      return none(top);
    }
    case 'date': {
      for (const s of relevant) {
        const d = dateFromSentence(s.text, input.question, input.anchorOf);
        if (!d) continue;
        if (d.kind === 'stated') return { value: d.iso, display: d.iso, citations: [cite(s)] };
        const anchorCitation = 'ref' in d.anchor ? d.anchor.ref : null;
        const citations = [cite(s), ...(anchorCitation && anchorCitation.start !== s.start ? [anchorCitation] : [])];
        return { value: d.iso, display: computedDateDisplay(d), citations };
      }
      // The file speaks to it without a date one can compute ("until the Studies are completed").
      const s = relevant[0];
      return s ? { value: null, display: s.text, citations: [cite(s)] } : none(top);
    }
  }
}

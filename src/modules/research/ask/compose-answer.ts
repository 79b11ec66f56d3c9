// Composes the cited answer to a statute question from the sections retrieval found: picks the provision
// that answers (and a second one when it competes), quotes it verbatim, writes the answer from its words
// with the pinpoint, and grades the confidence. Pure: no I/O.
import type { QueryAnalysis } from '../../../text/query-analysis.js';
import { scoreSentence } from '../../../text/overlap.js';
import { hedgeText, noAnswerText, provisionSentence, statusNote } from './answer-text.js';
import type { CandidateSection, ComparisonEntry, ComposedAnswer, StatuteCitation } from './ask.types.js';
import { COMPETITOR_RATIO, MEDIUM_COVERAGE, confidenceOf, supportsAnswer } from './confidence.js';
import { coverageQuery } from './coverage.js';
import type { ProvisionUnit, TextSpan } from './provision-units.js';
import { bestClause } from './quote-clause.js';
import { readIntent, statesKind, type QuestionIntent } from './question-intent.js';
import { ANSWER_KIND_BONUS, rankEvidence, type SectionEvidence, type UnitEvidence } from './rank-evidence.js';

export type { CandidateSection, ComparisonEntry, ComposedAnswer, StatuteCitation } from './ask.types.js';

/** At most this many sections answer together. */
export const MAX_ANSWER_SECTIONS = 2;
/** When nothing answers, this many of the nearest sections are cited. */
export const NEAREST_CITED = 5;
/**
 * An answer also cites the next-best sections examined, up to this many citations in all: a reader
 * (and recall@5) gets the runner-up provisions, each with its quote.
 */
export const MAX_CITATIONS = 5;
/** A second unit of the same section joins the answer when it scores this close to the best and adds terms. */
export const SECOND_UNIT_RATIO = 0.85;

interface Chosen {
  section: SectionEvidence;
  units: ProvisionUnit[];
}

/**
 * The answer to `question` for one jurisdiction, from the candidate sections (in force on `as_of`).
 * Every citation's quote is a verbatim substring of its candidate's text. With no candidates at all
 * there is nothing to cite: the answer says so and `citations` is empty (the caller must cover that).
 */
export interface AnswerContext {
  /** The unloaded title the question points at, described ("title 28 (Judiciary and Judicial Procedure)"). */
  missingTitle?: string | null;
}

export function composeAnswer(question: string, analysis: QueryAnalysis, candidates: CandidateSection[], jurisdictionName: string, context: AnswerContext = {}): ComposedAnswer {
  const missing = context.missingTitle ?? null;
  if (candidates.length === 0) return { answer: noAnswerText(jurisdictionName, [], missing), citations: [], confidence: 'LOW' };
  const intent = readIntent(question);
  const ranked = rankEvidence(analysis, intent, candidates);
  const hasContent = coverageQuery(analysis, candidates.map((c) => c.sectionNumber)).total > 0;
  const quoteOf = quoter(analysis, intent);

  const top = ranked[0];
  const citedOnly = !hasContent && top?.candidate.citedInQuestion === true;
  if (top === undefined || (!citedOnly && !supportsAnswer(top))) {
    const nearest = ranked.slice(0, NEAREST_CITED);
    return {
      answer: noAnswerText(jurisdictionName, nearest.map((s) => s.candidate), missing),
      citations: nearest.map((s) => citationOf(s.candidate, quoteOf(s.candidate, representativeUnit(s)))),
      confidence: 'LOW',
    };
  }

  const confidence = confidenceOf(ranked, intent, hasContent);
  const chosen = chooseProvisions(ranked, citedOnly);
  const sentences: string[] = [];
  const citations: StatuteCitation[] = [];
  for (const { section, units } of chosen) {
    const c = section.candidate;
    const quotes = units.map((u) => ({ unit: u, quote: quoteOf(c, u) }));
    for (const { unit, quote } of quotes) sentences.push(provisionSentence(c, unit, quote) + statusNote(c));
    const first = quotes[0];
    if (first !== undefined) citations.push(citationOf(c, first.quote));
  }
  // The runners-up, cited after the answer's own citations (the answer's text speaks only of those).
  const related: StatuteCitation[] = [];
  for (const other of ranked) {
    if (citations.length + related.length >= MAX_CITATIONS) break;
    if (chosen.some((c) => c.section === other)) continue;
    related.push(citationOf(other.candidate, quoteOf(other.candidate, representativeUnit(other))));
  }
  const answer = (confidence === 'LOW' ? hedgeText(jurisdictionName, missing) : '') + sentences.join(' ');
  return { answer, citations, confidence, related };
}

/** One jurisdiction's entry of a comparison: the same composition, with its confidence (an extension). */
export function compareEntry(
  question: string,
  analysis: QueryAnalysis,
  candidates: CandidateSection[],
  jurisdiction: string,
  jurisdictionName: string,
  context: AnswerContext = {},
): ComparisonEntry {
  const composed = composeAnswer(question, analysis, candidates, jurisdictionName, context);
  return { jurisdiction, answer: composed.answer, citations: withRelated(composed.citations, composed.related), confidence: composed.confidence };
}

/** An answer's citations followed by the runners-up it does not already cite, at most MAX_CITATIONS. */
export function withRelated(citations: StatuteCitation[], related: StatuteCitation[] = []): StatuteCitation[] {
  const cited = new Set(citations.map((c) => c.code));
  return [...citations, ...related.filter((c) => !cited.has(c.code))].slice(0, Math.max(MAX_CITATIONS, citations.length));
}

/** The top section's best unit (and a second one that adds to it), plus a competing section's. */
function chooseProvisions(ranked: SectionEvidence[], citedOnly: boolean): Chosen[] {
  const top = ranked[0];
  if (top === undefined) return [];
  const out: Chosen[] = [{ section: top, units: unitsOf(top) }];
  if (citedOnly) return out;
  for (const other of ranked.slice(1)) {
    if (out.length >= MAX_ANSWER_SECTIONS) break;
    const share = other.best?.coverage.share ?? 0;
    // Only a section with evidence as good as the top one's joins it: a near miss is not an answer.
    const asGood = share >= MEDIUM_COVERAGE && share >= (top.best?.coverage.share ?? 0);
    if (supportsAnswer(other) && asGood && other.relevance >= COMPETITOR_RATIO * top.relevance) {
      out.push({ section: other, units: unitsOf(other).slice(0, 1) });
    }
  }
  return out;
}

function unitsOf(section: SectionEvidence): ProvisionUnit[] {
  const best = section.best;
  if (best === null || best.score <= 0) return [representativeUnit(section)];
  const second = section.units.find((u) => u !== best && addsToAnswer(u, best));
  const picked = second === undefined ? [best.unit] : [best.unit, second.unit];
  return picked.sort((x, y) => x.start - y.start);
}

function addsToAnswer(u: UnitEvidence, best: UnitEvidence): boolean {
  if (u.score < SECOND_UNIT_RATIO * best.score) return false;
  if (best.unit.leadIn !== null && best.unit.leadIn.start === u.unit.start) return false;
  return u.coverage.covered.some((t) => !best.coverage.covered.includes(t));
}

/** The unit to quote from a section that does not answer: its best match, else its first real sentence. */
function representativeUnit(section: SectionEvidence): ProvisionUnit {
  const best = section.best;
  if (best !== null && best.score > 0) return best.unit;
  const inText = [...section.units].sort((x, y) => x.unit.start - y.unit.start);
  const firstReal = inText.find((u) => u.unit.end - u.unit.bodyStart >= 20) ?? inText[0];
  if (firstReal !== undefined) return firstReal.unit;
  const text = section.candidate.text;
  return { start: 0, end: text.length, text, bodyStart: 0, pinpoint: '', leadIn: null, definition: false, definedTerm: null };
}

/** A proviso or exception ("provided, however, that ...") scores this share: the general rule comes first. */
export const PROVISO_FACTOR = 0.7;
const PROVISO = /^(?:provided|however|except|unless|but)\b/i;

/** Quotes a unit, cut to the clause that carries the answer when it is long. */
function quoter(analysis: QueryAnalysis, intent: QuestionIntent): (c: CandidateSection, unit: ProvisionUnit) => TextSpan {
  const score = (text: string) => {
    let s = scoreSentence(text, analysis);
    if (intent.expects !== null && statesKind(text, intent.expects)) s = s * (1 + ANSWER_KIND_BONUS) + 0.01;
    return PROVISO.test(text.trim()) ? s * PROVISO_FACTOR : s;
  };
  return (c, unit) => bestClause(c.text, unit, score);
}

function citationOf(c: CandidateSection, quote: TextSpan): StatuteCitation {
  return {
    code: c.citation,
    section_number: c.sectionNumber,
    section_title: c.heading,
    quote: quote.text,
    effective_as_of: c.effectiveFrom,
    status: c.status,
  };
}

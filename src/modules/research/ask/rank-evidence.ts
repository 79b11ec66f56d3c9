// Weighs the candidate sections as evidence for one question: the best unit of each section (by
// scoreSentence over the unit and its lead-in, favouring units that state the kind of fact asked for),
// how much of the question that unit covers, and a relevance that orders the sections.
import type { QueryAnalysis } from '../../../text/query-analysis.js';
import { scoreSentence } from '../../../text/overlap.js';
import { tokenize } from '../../../text/tokens.js';
import type { CandidateSection } from './ask.types.js';
import { coverageOfTexts, coverageQuery, type Coverage, type CoverageQuery } from './coverage.js';
import { provisionUnits, type ProvisionUnit } from './provision-units.js';
import { statesKind, type QuestionIntent } from './question-intent.js';

/** A list item's score takes this share of its lead-in's: "(4) for libel — 1 year" is read with "actions ... may not be brought ...:". */
export const LEAD_IN_SHARE = 0.5;
/** A unit stating the kind of fact asked for ("6 months" for "how long") scores this much more. */
export const ANSWER_KIND_BONUS = 0.5;
/** Definitions answer only "what does X mean": otherwise their score is multiplied by this. */
export const DEFINITION_FACTOR = 0.5;
/** ... and by this when the question does ask for a meaning. */
export const DEFINITION_ASKED_FACTOR = 1.3;
/** ... and by this when it defines the very term the question asks about. */
export const DEFINED_TERM_FACTOR = 2;

// Section relevance = weighted sum of evidence, each part in 0..1 (plus the cited bonus).
/** Share of the question covered by the best unit, its lead-in and the heading: the main evidence. */
export const RELEVANCE_COVERAGE = 0.55;
/** The best unit's score relative to the best unit of any section. */
export const RELEVANCE_SCORE = 0.2;
/** Retrieval's own order (min-max scaled score): it saw the whole corpus, so it breaks near-ties. */
export const RELEVANCE_RETRIEVAL = 0.15;
/** The best unit states the kind of fact asked for. */
export const RELEVANCE_KIND = 0.1;
/** The best unit defines the term whose meaning the question asks for. */
export const RELEVANCE_DEFINED_TERM = 0.3;
/** The question cited this section itself. */
export const RELEVANCE_CITED = 0.3;
/**
 * How much of the best unit is about what was asked (focusOn), relative to the most focused
 * section's: between sections that cover the question alike, the one that adds fewer conditions the
 * question never mentions. 0.1 was chosen on dev half A: recall@1 0.308 -> 0.462 (0.05-0.2 all
 * gained; it moved the hand-held phone rule above the school-bus and learner's-permit rule, and the
 * farm nuisance rule above the statement of its policy). Measured then on half B, 0.556 -> 0.778, and
 * on the new questions, 0.733 -> 0.700; recall@5 unchanged on all three.
 */
export const RELEVANCE_FOCUS = 0.1;
/** Repealed or not-yet-effective versions answer only when nothing in force does. */
export const NON_CURRENT_FACTOR = 0.7;

export interface UnitEvidence {
  unit: ProvisionUnit;
  score: number;
  /** Coverage of the question by the unit, its lead-in and the section heading. */
  coverage: Coverage;
  /** The unit itself states the kind of fact the question asks for. */
  statesAskedKind: boolean;
  /** The unit defines a term the question asks the meaning of. */
  definesAskedTerm: boolean;
}

export interface SectionEvidence {
  candidate: CandidateSection;
  /** Units by descending score. */
  units: UnitEvidence[];
  best: UnitEvidence | null;
  relevance: number;
  /** Coverage of the question by the whole section (text and heading): what the section could answer at all. */
  substance: Coverage;
}

/** Stem → inverse document frequency over every unit of every candidate, damped so that no one word decides. */
function buildIdf(all: ProvisionUnit[][]): (stem: string) => number {
  const df = new Map<string, number>();
  let n = 0;
  for (const units of all) {
    for (const u of units) {
      n++;
      for (const stem of new Set(tokenize(u.text).map((t) => t.stem))) df.set(stem, (df.get(stem) ?? 0) + 1);
    }
  }
  return (stem) => 1 + 0.5 * Math.log(Math.max(1, n) / Math.max(1, df.get(stem) ?? 1));
}

/** Scores every unit of every candidate for the question and orders the sections by relevance. */
export function rankEvidence(analysis: QueryAnalysis, intent: QuestionIntent, candidates: CandidateSection[]): SectionEvidence[] {
  const words = relevantWords(analysis);
  // How many of the question's words a line contains: a cheap first cut of long sections.
  const relevance = (line: string) => {
    const lower = line.toLowerCase();
    return words.reduce((n, w) => n + (lower.includes(w) ? 1 : 0), 0);
  };
  const unitsBySection = candidates.map((c) => provisionUnits(c.text, relevance));
  const idf = buildIdf(unitsBySection);
  const query = coverageQuery(analysis, candidates.map((c) => c.sectionNumber));
  const questionStems = new Set(tokenize(analysis.question).map((t) => t.stem));
  const scoreOf = (text: string) => scoreSentence(text, analysis, idf);

  const sections = candidates.map((candidate, i) => {
    const units = (unitsBySection[i] ?? []).map((unit) => judgeUnit(unit, candidate, query, intent, scoreOf, questionStems));
    units.sort((x, y) => y.score - x.score || x.unit.start - y.unit.start);
    const substance = coverageOfTexts(query, candidate.text, candidate.heading);
    return { candidate, units, best: units[0] ?? null, relevance: 0, substance };
  });

  const topScore = Math.max(0, ...sections.map((s) => s.best?.score ?? 0));
  const asked = new Set([...questionStems, ...analysis.terms.map((t) => t.stem)]);
  const focus = sections.map((s) => (s.best ? focusOn(s.best.unit.text, asked, idf) : 0));
  const topFocus = Math.max(1e-9, ...focus);
  const retrieval = candidates.map((c) => c.score);
  const lo = Math.min(...retrieval);
  const hi = Math.max(...retrieval);
  for (const [i, s] of sections.entries()) {
    const best = s.best;
    const prior = hi > lo ? (s.candidate.score - lo) / (hi - lo) : 1;
    let relevance =
      RELEVANCE_COVERAGE * (best?.coverage.share ?? 0) +
      RELEVANCE_SCORE * (topScore > 0 ? (best?.score ?? 0) / topScore : 0) +
      RELEVANCE_RETRIEVAL * prior +
      RELEVANCE_KIND * (intent.expects !== null && best?.statesAskedKind ? 1 : 0) +
      (best?.definesAskedTerm ? RELEVANCE_DEFINED_TERM : 0) +
      (s.candidate.citedInQuestion ? RELEVANCE_CITED : 0) +
      RELEVANCE_FOCUS * ((focus[i] ?? 0) / topFocus);
    if (s.candidate.status !== 'CURRENT') relevance *= NON_CURRENT_FACTOR;
    s.relevance = relevance;
  }
  return sections.sort((x, y) => y.relevance - x.relevance);
}

function judgeUnit(
  unit: ProvisionUnit,
  candidate: CandidateSection,
  query: CoverageQuery,
  intent: QuestionIntent,
  scoreOf: (text: string) => number,
  questionStems: Set<string>,
): UnitEvidence {
  const lead = unit.leadIn?.text ?? '';
  let score = scoreOf(unit.text) + (lead === '' ? 0 : LEAD_IN_SHARE * scoreOf(lead));
  // The fact must be in the unit itself: a lead-in ("... the period specified below") states no period.
  const statesAskedKind = intent.expects !== null && statesKind(unit.text, intent.expects);
  if (statesAskedKind) score *= 1 + ANSWER_KIND_BONUS;
  if (unit.definition) score *= intent.definition ? DEFINITION_ASKED_FACTOR : DEFINITION_FACTOR;
  const termStems = unit.definedTerm === null ? [] : tokenize(unit.definedTerm).map((t) => t.stem);
  const definesAskedTerm = intent.definition && termStems.length > 0 && termStems.every((s) => questionStems.has(s));
  if (definesAskedTerm) score *= DEFINED_TERM_FACTOR;
  const coverage = coverageOfTexts(query, unit.text, lead, candidate.heading);
  return { unit, score, coverage, statesAskedKind, definesAskedTerm };
}

/**
 * The share of a unit's words, weighted by rarity, that the question asks about (its stems and
 * expansions): a precision, where coverage is a recall. Numbers and words under 3 letters are left
 * out: the figures a unit states are what answers, not what it is about.
 */
export function focusOn(text: string, asked: ReadonlySet<string>, idf: (stem: string) => number): number {
  let all = 0;
  let hit = 0;
  for (const stem of new Set(tokenize(text).filter((t) => t.norm.length >= 3 && !/\d/.test(t.norm)).map((t) => t.stem))) {
    const w = idf(stem);
    all += w;
    if (asked.has(stem)) hit += w;
  }
  return all > 0 ? hit / all : 0;
}

/** Lowercase stems and numbers of the question, for a cheap test of whether a line could matter. */
function relevantWords(analysis: QueryAnalysis): string[] {
  const words = [...analysis.terms.map((t) => t.stem), ...analysis.numbers.map((n) => n.text.toLowerCase())];
  return [...new Set(words.filter((w) => w.length >= 3))];
}

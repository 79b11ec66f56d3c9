// Confidence follows the evidence: how much of the question the chosen provision covers, whether it
// states the kind of fact asked for, and whether it clearly beats the other sections. The thresholds
// are first guesses, to be calibrated on an evaluation set (accuracy per level).
import type { Confidence } from './ask.types.js';
import type { QuestionIntent } from './question-intent.js';
import type { SectionEvidence } from './rank-evidence.js';

/** Below this coverage no provision answers: the answer says so (LOW). */
export const SUPPORT_COVERAGE = 0.3;
/** From SUPPORT_COVERAGE up to this, the nearest provision is given but hedged (LOW). */
export const MEDIUM_COVERAGE = 0.4;
/**
 * HIGH needs the chosen provision to cover at least this share of the question's content (a term met
 * only through the thesaurus counts half, so a paraphrased question rarely reaches much more).
 */
export const HIGH_COVERAGE = 0.55;
/** HIGH needs the top section's relevance to lead the next one's by this share of itself. */
export const DOMINANCE_MARGIN = 0.2;
/** ... or its best unit to cover this much more of the question than the runner-up's. */
export const COVERAGE_LEAD = 0.1;
/** A second section this close to the top one (ratio of relevances) also answers, and they compete. */
export const COMPETITOR_RATIO = 0.8;

/**
 * Below this share of the question's substance (its content words weighted by how specific they
 * are in the corpus, so "Mars" in "fishing without a license on Mars" outweighs "license"), the
 * section does not speak to the question at all: the answer says no provision answers it.
 */
export const NO_ANSWER_SUBSTANCE = 0.35;
/** From there up to this share, the nearest provision is quoted but hedged (LOW). */
export const SUBSTANCE_SHARE = 0.65;
/** ... unless its most specific word is missing, which only this much substance makes up for. */
export const SUBSTANCE_WITHOUT_TOP_TERM = 0.8;
/** HIGH needs this much, with the most specific word itself (not a synonym) in the section. */
export const HIGH_SUBSTANCE = 0.8;

/**
 * True when the section holds the question's substance: enough of it, its most specific term, and
 * (for a question that asks for a period, amount, count or age) a statement of that kind anywhere.
 */
export function coversSubstance(section: SectionEvidence | undefined, intent?: QuestionIntent): boolean {
  if (section === undefined) return false;
  // Substance is weighed by corpus frequencies; a composition without them (no index) is judged by its best unit alone.
  if (!section.substance.weighted) return true;
  const { share, mostSpecificCovered } = section.substance;
  if (intent?.expects != null && !section.units.some((u) => u.statesAskedKind)) return false;
  return share >= SUBSTANCE_SHARE && (mostSpecificCovered || share >= SUBSTANCE_WITHOUT_TOP_TERM);
}

/** True when the section's best unit speaks to the question at all (else: no provision answers it). */
export function supportsAnswer(section: SectionEvidence | undefined): boolean {
  const best = section?.best;
  const substance = section?.substance;
  const enough = substance === undefined || !substance.weighted || substance.share >= NO_ANSWER_SUBSTANCE;
  return best !== undefined && best !== null && best.score > 0 && best.coverage.share >= SUPPORT_COVERAGE && enough;
}

/** The relevance lead of the top section over the runner-up, as a share of the top's (1 when alone). */
export function dominance(ranked: SectionEvidence[]): number {
  const top = ranked[0]?.relevance ?? 0;
  const next = ranked[1]?.relevance ?? 0;
  return top > 0 ? (top - next) / top : 0;
}

/** True when the top section clearly beats the rest: by relevance, or by covering more of the question. */
export function dominates(ranked: SectionEvidence[]): boolean {
  const lead = (ranked[0]?.best?.coverage.share ?? 0) - (ranked[1]?.best?.coverage.share ?? 0);
  return dominance(ranked) >= DOMINANCE_MARGIN || lead >= COVERAGE_LEAD;
}

/** HIGH, MEDIUM or LOW for an answer drawn from `ranked[0]`. */
export function confidenceOf(ranked: SectionEvidence[], intent: QuestionIntent, questionHasContent: boolean): Confidence {
  const top = ranked[0];
  if (top === undefined) return 'LOW';
  // A question that only names a section ("what does § 16-902 say?") is answered by that section,
  // but one sentence of it is only a partial answer.
  if (!questionHasContent) return top.candidate.citedInQuestion ? 'MEDIUM' : 'LOW';
  if (!supportsAnswer(top) || !coversSubstance(top, intent)) return 'LOW';
  const share = top.best?.coverage.share ?? 0;
  if (share < MEDIUM_COVERAGE) return 'LOW';
  // HIGH only when the quoted unit itself states what was asked and the section holds the question's substance.
  const kindOk = intent.expects === null || top.best?.statesAskedKind === true;
  const substantial = !top.substance.weighted || (top.substance.share >= HIGH_SUBSTANCE && top.substance.mostSpecificDirect);
  if (share >= HIGH_COVERAGE && kindOk && substantial && dominates(ranked)) return 'HIGH';
  return 'MEDIUM';
}

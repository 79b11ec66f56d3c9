// Citations of an assertion check, in the reduced form { code, quote, effective_as_of, status }: the
// section that decided the verdict first, quoted by its deciding sentence; for NO_MATCH, the nearest
// sections examined. Pure: no I/O.
import type { QueryAnalysis } from '../../../text/query-analysis.js';
import { scoreSentence } from '../../../text/overlap.js';
import type { VerdictDecision } from '../verdict/index.js';
import type { CandidateSection, CheckCitation } from './ask.types.js';
import { readIntent } from './question-intent.js';
import { bestClause } from './quote-clause.js';
import { rankEvidence, type SectionEvidence } from './rank-evidence.js';
import { provisionUnits } from './provision-units.js';

/** With no deciding section (NO_MATCH), this many of the nearest sections are cited. */
export const CHECK_NEAREST_CITED = 2;

/**
 * The citations of a verdict. `decision.provisionId` is matched against the candidates' citations.
 * `analysis` (of the assertion) picks the quotes of the sections that did not decide; without it they
 * are quoted by their first sentence. Empty only when there are no candidates.
 */
export function checkCitations(decision: VerdictDecision, candidates: CandidateSection[], analysis?: QueryAnalysis): CheckCitation[] {
  const deciding = candidates.find((c) => c.citation === decision.provisionId);
  const out: CheckCitation[] = [];
  if (deciding !== undefined) {
    const quote = decision.quote !== null && decision.quote !== '' && deciding.text.includes(decision.quote) ? decision.quote : firstSentence(deciding);
    out.push(reduced(deciding, quote));
    return out;
  }
  // NO_MATCH, or a deciding id that is not among the candidates: cite the nearest sections examined.
  if (analysis === undefined) {
    const byScore = [...candidates].sort((x, y) => y.score - x.score);
    return byScore.slice(0, CHECK_NEAREST_CITED).map((c) => reduced(c, firstSentence(c)));
  }
  const ranked = rankEvidence(analysis, readIntent(analysis.question), candidates);
  return ranked.slice(0, CHECK_NEAREST_CITED).map((s) => reduced(s.candidate, bestQuote(s, analysis)));
}

function bestQuote(section: SectionEvidence, analysis: QueryAnalysis): string {
  const best = section.best;
  if (best === null || best.score <= 0) return firstSentence(section.candidate);
  return bestClause(section.candidate.text, best.unit, (text) => scoreSentence(text, analysis)).text;
}

/** The first sentence with real words in it, cut to quote length. */
function firstSentence(c: CandidateSection): string {
  const units = provisionUnits(c.text);
  const unit = units.find((u) => u.end - u.bodyStart >= 20) ?? units[0];
  if (unit === undefined) return c.text;
  return bestClause(c.text, unit, () => 0).text;
}

function reduced(c: CandidateSection, quote: string): CheckCitation {
  return { code: c.citation, quote, effective_as_of: c.effectiveFrom, status: c.status };
}

// Which retrieved sections hold an assertion's substance, and the NO_MATCH verdict when none does.
// The same measure as ask's confidence (rank-evidence.ts, confidence.ts): the share of the text's
// content words, weighted by how specific they are in the corpus, that a section holds. Pure.
import type { QueryAnalysis } from '../../../text/query-analysis.js';
import type { VerdictDecision } from '../verdict/index.js';
import type { CandidateSection } from './ask.types.js';
import { NO_ANSWER_SUBSTANCE } from './confidence.js';

/** A section lacking the assertion's most specific word is still judged when it holds this much of the rest. */
export const CHECK_SUBSTANCE = 0.5;
import { readIntent } from './question-intent.js';
import { rankEvidence } from './rank-evidence.js';
import { namesAgent } from '../../../text/wordnet.js';

/**
 * The candidates that hold enough of the text's substance to be judged, in retrieval order: a
 * looser bar than ask's MEDIUM (a section that lacks part of an assertion can still contradict it),
 * but one that drops sections sharing only incidental words.
 */
export function substantialSections(analysis: QueryAnalysis, candidates: CandidateSection[]): CandidateSection[] {
  const ranked = rankEvidence(analysis, readIntent(analysis.question), candidates);
  // The most specific word may be the one an assertion got wrong on purpose or by mistake: the actor
  // ("the Governor must make the inspections", where the Board must). A section that lacks only
  // that, a word naming someone who acts, is judged: it may contradict the assertion.
  const lacksOnlyActor = (s: (typeof ranked)[number]) => {
    const top = s.substance.mostSpecificMissing?.text;
    return top !== undefined && namesAgent(top);
  };
  const judged = (s: (typeof ranked)[number]) => s.substance.share >= NO_ANSWER_SUBSTANCE && (s.substance.mostSpecificCovered || s.substance.share >= CHECK_SUBSTANCE || lacksOnlyActor(s));
  const keep = new Set(ranked.filter(judged).map((s) => s.candidate));
  return candidates.filter((c) => keep.has(c));
}

/** NO_MATCH because no section holds the assertion's substance: names the nearest section and the words it lacks. */
export function noSubstanceDecision(analysis: QueryAnalysis, candidates: CandidateSection[], jurisdictionName: string): VerdictDecision {
  const nearest = rankEvidence(analysis, readIntent(analysis.question), candidates)[0];
  const scope = jurisdictionName === '' ? 'the loaded statutes' : `the loaded ${jurisdictionName} statutes`;
  if (nearest === undefined) {
    return { verdict: 'NO_MATCH', explanation: `No provision in ${scope} speaks to the assertion.`, provisionId: null, quote: null, confidence: 0.9 };
  }
  const top = nearest.substance.mostSpecificMissing?.text;
  const missing = top === undefined ? nearest.substance.missing : [top, ...nearest.substance.missing.filter((w) => w !== top)];
  const lacking = missing.slice(0, 3).map((w) => `"${w}"`);
  const why = lacking.length > 0 ? `; the nearest, ${nearest.candidate.citation}, does not mention ${joinWords(lacking)}` : '';
  return {
    verdict: 'NO_MATCH',
    explanation: `No provision in ${scope} speaks to what the assertion claims${why}.`,
    provisionId: null,
    quote: null,
    confidence: Math.round(Math.min(0.95, 0.6 + 0.35 * (1 - nearest.substance.share)) * 100) / 100,
  };
}

function joinWords(words: string[]): string {
  if (words.length <= 2) return words.join(' or ');
  return `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}

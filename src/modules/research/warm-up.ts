// Runs the research engine's pure stages once on a built-in section, so that what they build on
// first use (the citation scanner's regexes, WordNet's index, the sentence and part-of-speech
// models, V8's compiled code for the hot paths) is built when a thread starts rather than inside
// the first user's question. Measured in process on the 22 dev ask questions, the first ask took
// 1.1 s cold, 0.28-0.30 s with only the models loaded beforehand (as the threads loaded them), and
// 0.13-0.17 s after this. No database is read; warmResearchOn, below, then asks the loaded corpus.
import { analyzeQuestion } from '../../text/query-analysis.js';
import { findCitations } from '../statutes/citations/citations.js';
import { composeAnswer } from './ask/index.js';
import type { CandidateSection, ComposedAnswer } from './ask/ask.types.js';
import { decideVerdict, type VerdictDecision } from './verdict/index.js';
import { ask, type AskResult } from './research.usecases.js';
import type { ResearchDeps } from './retrieval/retrieve-sections.js';

/** D.C. Code § 12-302, as the 2024 publication has it; chosen because no evaluation set asks about it. */
const SECTION: CandidateSection = {
  citation: 'D.C. Code § 12-302',
  sectionNumber: '12-302',
  heading: 'Disability of plaintiff.',
  text: [
    '(a) Except as provided by subsection (b) of this section, when a person entitled to maintain an action is, at the time the right of action accrues:',
    '(1) under 18 years of age; or',
    '(2) non compos mentis; or',
    '(3) imprisoned —',
    'he or his proper representative may bring action within the time limited after the disability is removed.',
    '(b) When a person entitled to maintain an action for the recovery of lands, tenements, or hereditaments, or upon an instrument under seal, is under any of the disabilities specified by subsection (a) of this section at the time the right of action accrues, he or his proper representative, except where otherwise specified herein, may bring the action within 5 years after the disability is removed, and not thereafter.',
  ].join('\n'),
  effectiveFrom: '2001-04-27',
  status: 'CURRENT',
  score: 1,
};

const QUESTION = 'How long after the disability is removed may a person who was imprisoned bring an action for the recovery of lands?';
const ASSERTION = 'A person imprisoned when the right of action for the recovery of lands accrues may bring the action within 5 years after the disability is removed.';
const CITING = 'See D.C. Code § 12-302(b) and 17 U.S.C. § 302.';

/** Answers one question and checks one assertion against SECTION; a thread throws the results away. */
export function warmResearch(): { answer: ComposedAnswer; verdict: VerdictDecision } {
  findCitations(CITING);
  const analysis = analyzeQuestion(QUESTION, { expansions: 'wordnet', scope: 'statutes' });
  const answer = composeAnswer(QUESTION, analysis, [SECTION], 'District of Columbia');
  const verdict = decideVerdict(ASSERTION, [{ id: SECTION.citation, text: SECTION.text }]);
  return { answer, verdict };
}

/**
 * A question of no one's, in words most codes use (who may sue, and when), so that retrieval,
 * ranking and composition run on the loaded corpus.
 */
const CORPUS_QUESTION = 'Who may bring an action, and within what time must it be brought?';
/** Jurisdictions warmed at start, at most: each costs about one cold question. */
const WARMED_JURISDICTIONS = 8;

/**
 * Asks CORPUS_QUESTION once in each loaded jurisdiction (up to WARMED_JURISDICTIONS), on this
 * thread's own connection, and throws the answers away. warmResearch reads no database, and a
 * jurisdiction's first questions after a start still read its search index and statements for the
 * first time. Never through a configured model: a start must not call the network. As of today,
 * by the deps' clock.
 */
export async function warmResearchOn(deps: ResearchDeps): Promise<AskResult[]> {
  const asOf = deps.clock.now().toISOString().slice(0, 10);
  const builtIn: ResearchDeps = { statutes: deps.statutes, search: deps.search, clock: deps.clock };
  const answers: AskResult[] = [];
  for (const { jurisdiction } of (await deps.statutes.listJurisdictions()).slice(0, WARMED_JURISDICTIONS)) {
    answers.push(await ask(builtIn, { question: CORPUS_QUESTION, jurisdiction, asOf }));
  }
  return answers;
}

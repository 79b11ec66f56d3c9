/** Cited statute answers: composing answers, comparison entries and assertion-check citations from retrieved sections. */
export type { CandidateSection, CheckCitation, ComparisonEntry, ComposedAnswer, Confidence, StatuteCitation } from './ask.types.js';
export { composeAnswer, compareEntry } from './compose-answer.js';
export { checkCitations } from './check-citations.js';
export { pinpointAt } from '../../../text/statute-outline.js';

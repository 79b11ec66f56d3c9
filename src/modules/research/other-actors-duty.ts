import type { CandidateSection } from './ask/ask.types.js';
import { substantialSections } from './ask/substance.js';
import { retrieveSections, type ResearchDeps } from './retrieval/retrieve-sections.js';
import { decideVerdict, dutyHolder, mainModality, type VerdictDecision } from './verdict/index.js';

/** Fewer words after the modal than this say too little to search for. */
const MIN_DUTY_WORDS = 4;
/** How many of the sections the duty finds are checked. */
const DUTY_PROVISIONS = 2;

/**
 * The assertion from its modal on, without the actor it names: "shall promulgate regulations
 * establishing procedures for the disposal of records" for "The Librarian of Congress shall
 * promulgate …". Null when no actor comes before a modal.
 */
export function dutyQuery(assertion: string): string | null {
  const cue = mainModality(assertion);
  if (cue.text === '' || dutyHolder(assertion, cue) === null) return null;
  const duty = assertion.slice(cue.start).trim();
  return duty.split(/\s+/).length >= MIN_DUTY_WORDS ? duty : null;
}

/**
 * A second look for an assertion that nothing its own search found spoke to. Searched whole, an
 * assertion that gives a duty to the wrong actor (the commonest way to get a duty wrong) finds the
 * sections that mention that actor, whose rare words outweigh the duty's, not the section that
 * gives the duty to someone else. So the duty is searched without its actor (dutyQuery), among
 * sections not yet `seen`, and their decision is taken only when one of them gives the duty to
 * another actor: they were not found for the whole claim, so anything else they say (a figure of
 * another duty) is not about it.
 */
export async function otherActorsDuty(
  deps: ResearchDeps,
  input: { assertion: string; jurisdiction: string; asOf: string },
  seen: CandidateSection[],
  noMatchThreshold: number,
): Promise<{ decision: VerdictDecision; candidates: CandidateSection[] } | null> {
  const duty = dutyQuery(input.assertion);
  if (duty === null) return null;
  const known = new Set(seen.map((c) => c.citation));
  const { analysis, candidates } = await retrieveSections(deps, input.jurisdiction, duty, input.asOf);
  const fresh = candidates.filter((c) => !known.has(c.citation));
  const provisions = substantialSections(analysis, fresh).slice(0, DUTY_PROVISIONS).map((c) => ({ id: c.citation, text: c.text }));
  if (provisions.length === 0) return null;
  const decision = decideVerdict(input.assertion, provisions, { noMatchThreshold });
  return decision.conflict === 'name-conflict' || decision.conflict === 'party-swapped' ? { decision, candidates: fresh } : null;
}

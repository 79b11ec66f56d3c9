import type { FindingKind } from './evaluate-candidate.js';

/** The three outcomes of checking an assertion against provisions. */
export type Verdict = 'SUPPORTED' | 'CONTRADICTED' | 'NO_MATCH';

/** A provision to check against: a statute section's whole text, or a whole contract. */
export interface Provision {
  /** Citation or document id, e.g. 'D.C. Code § 42-3505.54'. */
  id: string;
  text: string;
}

export interface VerdictDecision {
  verdict: Verdict;
  /** Names the words that decided the verdict. */
  explanation: string;
  /** The deciding provision's id, null for NO_MATCH. */
  provisionId: string | null;
  /** The deciding sentence, a verbatim substring of that provision's text. */
  quote: string | null;
  /** 0..1: how sure the rules are. */
  confidence: number;
  /** For CONTRADICTED, the kind of finding that decided it. */
  conflict?: FindingKind;
}

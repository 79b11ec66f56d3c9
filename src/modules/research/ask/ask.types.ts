/** Shapes of cited statute answers: the sections retrieval hands over and the citations composed from them. */

/** One section version retrieval found for a question, in force (or last in force) on `as_of`. */
export interface CandidateSection {
  /** Canonical citation, e.g. 'D.C. Code § 12-301'. */
  citation: string;
  /** '12-301'. */
  sectionNumber: string;
  /** The section's catch line (section_title). */
  heading: string;
  /** The version's canonical text: one paragraph per line, designations first ("(a) ...\n(1) ..."). */
  text: string;
  /** ISO date the version is in force from. */
  effectiveFrom: string;
  status: 'CURRENT' | 'REPEALED' | 'NOT_YET_EFFECTIVE';
  /** Retrieval score, higher is better; only its order and spread among candidates matter here. */
  score: number;
  /** True when the question itself cited this section. */
  citedInQuestion?: boolean;
}

/** A citation in an answer or a comparison entry. `quote` is a verbatim substring of the version's text. */
export interface StatuteCitation {
  code: string;
  section_number: string;
  section_title: string;
  quote: string;
  effective_as_of: string;
  status: string;
}

export type Confidence = 'HIGH' | 'MEDIUM' | 'LOW';

export interface ComposedAnswer {
  answer: string;
  citations: StatuteCitation[];
  confidence: Confidence;
  /** The next-best sections examined, cited after `citations` in the response (not part of the answer's text). */
  related?: StatuteCitation[];
}

/** One jurisdiction's entry in a multi-jurisdiction comparison. */
export interface ComparisonEntry {
  jurisdiction: string;
  answer: string;
  citations: StatuteCitation[];
  /** Computed as for ask (an extension of the contract's comparison entry). */
  confidence: Confidence;
}

/** The reduced citation of an assertion check. */
export interface CheckCitation {
  code: string;
  quote: string;
  effective_as_of: string;
  status: string;
}

/**
 * Statute citations: recognizes the citations lawyers write ("42 USC 1983", "D.C. Code § 2-1402.11(a)",
 * "Cal Civ Code 1542") and prints their canonical forms. Pure: no I/O.
 */
export type { DefaultCode, FindCitationsOptions, FoundCitation, ParsedCitation } from './citation.types.js';
export { parseCitation } from './parse-citation.js';
export { findCitations } from './find-citations.js';
export { canonicalCitation } from './canonical.js';

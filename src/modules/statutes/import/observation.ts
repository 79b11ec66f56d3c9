/**
 * A parsed section → the observation row the import stores. Pure but for hashing: the content
 * hash decides what is "the same version", the fingerprint what is "the same observation".
 */
import { createHash } from 'node:crypto';
import { findCitations } from '../citations/citations.js';
import type { ParsedSection } from '../statutes.types.js';

/** A section as a parser yields it; JSONL lines may date themselves. */
export type ImportedSection = ParsedSection & { effectiveFrom?: string; effectiveTo?: string | null };

export interface NewObservation {
  published: string;
  versionKey: string;
  effectiveFrom: string | null;
  effectiveTo: string | null;
  contentHash: string;
  fingerprint: string;
  repealed: boolean;
  heading: string;
  text: string;
  history: string;
  crossReferences: string[];
  hierarchy: ParsedSection['hierarchy'];
  amendmentDates: string[];
}

function hash(parts: string[]): string {
  const h = createHash('sha1');
  // A separator that cannot occur in text keeps ("ab","c") and ("a","bc") apart.
  for (const p of parts) h.update(p).update('\u0000');
  return h.digest('base64url');
}

/**
 * The parser's references plus those the citation finder reads in the text, canonical, once each,
 * never the section itself. Bare "§ 2-1933" in a D.C. section points into the D.C. Code, and
 * "section 552 of this title" in a U.S.C. section into its own title.
 */
export function crossReferencesOf(section: ParsedSection): string[] {
  const title = section.codeName === 'U.S.C.' && section.titleNumber ? { title: section.titleNumber } : {};
  const found = findCitations(section.text, { defaultCode: { jurisdiction: section.jurisdiction, codeName: section.codeName, ...title } });
  const refs = new Set(section.crossReferences);
  for (const f of found) refs.add(f.canonical);
  refs.delete(section.citation);
  return [...refs];
}

/** The observation of a section in the publication of the given date. */
export function toObservation(section: ImportedSection, published: string): NewObservation {
  const effectiveFrom = section.effectiveFrom ?? null;
  const crossReferences = crossReferencesOf(section);
  const contentHash = hash([section.text, section.heading, section.repealed ? '1' : '0']);
  const effectiveTo = effectiveFrom === null ? null : (section.effectiveTo ?? null);
  const fingerprint = hash([
    contentHash,
    section.history,
    JSON.stringify(crossReferences),
    JSON.stringify(section.hierarchy),
    JSON.stringify(section.amendmentDates),
    effectiveFrom ?? '',
    effectiveTo ?? '',
    section.sectionNumber,
    section.titleNumber,
  ]);
  return {
    published,
    versionKey: effectiveFrom ?? '',
    effectiveFrom,
    effectiveTo,
    contentHash,
    fingerprint,
    repealed: section.repealed,
    heading: section.heading,
    text: section.text,
    history: section.history,
    crossReferences,
    hierarchy: section.hierarchy,
    amendmentDates: section.amendmentDates,
  };
}

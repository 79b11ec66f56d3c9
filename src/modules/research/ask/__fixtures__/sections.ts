// Test helper: real D.C. and Virginia sections, their text rendered by the project's importers
// (parseDcSectionXml / parseStateDecodedXml) from /work/shared/data/statutes (D.C. publication
// 2024-10-20; Virginia State Decoded sample), saved as JSON so unit tests need no shared data.
import { readFileSync } from 'node:fs';
import type { CandidateSection } from '../ask.types.js';

interface FixtureSection {
  citation: string;
  sectionNumber: string;
  heading: string;
  text: string;
}

function load(file: string): FixtureSection[] {
  return JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8')) as FixtureSection[];
}

const ALL = [...load('./dc-sections.json'), ...load('./va-sections.json')];

/** Every fixture section, D.C.'s then Virginia's. */
export function fixtureSections(): readonly FixtureSection[] {
  return ALL;
}

/** The fixture section numbered `sectionNumber` ('12-301', '18.2-11'). */
export function fixtureSection(sectionNumber: string): FixtureSection {
  const found = ALL.find((s) => s.sectionNumber === sectionNumber);
  if (found === undefined) throw new Error(`no fixture section ${sectionNumber}`);
  return found;
}

/** Candidates in the order given, with descending retrieval scores, CURRENT unless overridden. */
export function candidates(sectionNumbers: string[], overrides: Partial<CandidateSection>[] = []): CandidateSection[] {
  return sectionNumbers.map((n, i) => ({
    ...fixtureSection(n),
    effectiveFrom: '2024-10-08',
    status: 'CURRENT' as const,
    score: 10 - i,
    ...(overrides[i] ?? {}),
  }));
}

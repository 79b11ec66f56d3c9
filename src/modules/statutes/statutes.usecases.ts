import { todayUtc, type Clock } from '../../shared/clock.js';
import { parseCitation } from './citations/citations.js';
import { isIsoDate } from './importers/history-dates.js';
import { invalidAsOf, jurisdictionNotSupported, unknownCitation, unrecognizedCitation } from './statutes.errors.js';
import type { StatuteSection, StatuteVersion, StatutesRepository } from './storage/statutes.repository.js';
import { statusOn, type SectionStatus } from './versioning.js';

export interface StatuteDeps {
  statutes: StatutesRepository;
  clock: Clock;
}

export interface SectionOnDate {
  section: StatuteSection;
  version: StatuteVersion;
  status: SectionStatus;
}

/**
 * A section as the law stood on a date (default today, UTC). Checks in the contract's order:
 * the citation must be recognizable (400), its jurisdiction supported (422), the section known (400).
 */
export async function getSectionOn(deps: StatuteDeps, input: { citation: string; asOf?: string | undefined }): Promise<SectionOnDate> {
  const asOf = input.asOf ?? todayUtc(deps.clock);
  if (!isIsoDate(asOf)) throw invalidAsOf(asOf);
  const parsed = parseCitation(input.citation);
  if (!parsed) throw unrecognizedCitation(input.citation);
  const section = await deps.statutes.findSection(parsed.jurisdiction, parsed.canonical);
  if (!section) {
    // Only a miss asks whether the jurisdiction is loaded at all: a hit already says so.
    if (!(await deps.statutes.isSupported(parsed.jurisdiction))) throw jurisdictionNotSupported(parsed.jurisdiction);
    throw unknownCitation(parsed.canonical);
  }
  const onOrBefore = await deps.statutes.versionOnOrBefore(section.id, asOf);
  const found = statusOn(onOrBefore, onOrBefore ? undefined : await deps.statutes.firstVersion(section.id), asOf);
  // A section row without versions only exists mid-import; to a reader it is not there yet.
  if (!found) throw unknownCitation(parsed.canonical);
  return { section, ...found };
}

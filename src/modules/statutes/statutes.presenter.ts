import type { SectionOnDate } from './statutes.usecases.js';
import type { JurisdictionSummary } from './storage/statutes.repository.js';
import type { LoadedScope } from './storage/loaded-titles.repository.js';
import type { JurisdictionsBody, SectionBody } from './statutes.schemas.js';

export function presentSection({ section, version, status }: SectionOnDate): SectionBody {
  return {
    code: section.citation,
    section_number: section.sectionNumber,
    section_title: version.heading,
    text: version.text,
    history: version.history,
    cross_references: version.crossReferences,
    effective_as_of: version.effectiveFrom,
    status,
    jurisdiction: section.jurisdiction,
  };
}

function minDate(dates: Array<string | null>): string | null {
  return dates.reduce<string | null>((m, d) => (d !== null && (m === null || d < m) ? d : m), null);
}

function maxDate(dates: Array<string | null>): string | null {
  return dates.reduce<string | null>((m, d) => (d !== null && (m === null || d > m) ? d : m), null);
}

export function presentJurisdictions(list: JurisdictionSummary[], loaded: LoadedScope[] = []): JurisdictionsBody {
  const scopeOf = (j: string) => loaded.find((s) => s.jurisdiction === j);
  return {
    jurisdictions: list.map((j) => ({
      titles: (scopeOf(j.jurisdiction)?.titles ?? []).map((t) => ({ number: t.number, name: t.name, section_count: t.sectionCount })),
      publications: scopeOf(j.jurisdiction)?.publications ?? [],
      jurisdiction: j.jurisdiction,
      section_count: j.codes.reduce((n, c) => n + c.sectionCount, 0),
      earliest_effective_date: minDate(j.codes.map((c) => c.earliestEffective)),
      latest_effective_date: maxDate(j.codes.map((c) => c.latestEffective)),
      codes: j.codes.map((c) => ({
        name: c.name,
        section_count: c.sectionCount,
        repealed_count: c.repealedCount,
        version_count: c.versionCount,
        earliest_effective_date: c.earliestEffective,
        latest_effective_date: c.latestEffective,
        latest_publication_date: c.latestPublished,
      })),
    })),
  };
}

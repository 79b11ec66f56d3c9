/**
 * Reads of the statute corpus (Kysely, tenant neutral). The lookups of GET /v1/statute run on
 * two indexes: (jurisdiction, citation) on sections and (section_id, effective_from) on versions.
 */
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { HierarchyLevel } from '../statutes.types.js';
import type { StatuteVersionTable } from './statutes.tables.js';
import { createLoadedTitlesReader } from './loaded-titles.repository.js';

export interface StatuteSection {
  id: number;
  jurisdiction: string;
  codeName: string;
  citation: string;
  sectionNumber: string;
  titleNumber: string;
}

export interface StatuteVersion {
  id: number;
  sectionId: number;
  effectiveFrom: string;
  effectiveTo: string | null;
  repealed: boolean;
  /** The repeal was inferred from the section's absence from a snapshot of its title. */
  absent: boolean;
  heading: string;
  text: string;
  history: string;
  crossReferences: string[];
  hierarchy: HierarchyLevel[];
  /** The text's sentence splits as stored at import (src/text/sentence-memo.ts); '' when none. */
  sentenceMemo: string;
}

/** A version with the section it belongs to, for search results. */
export interface SectionVersion extends StatuteVersion {
  section: StatuteSection;
}

export interface CodeSummary {
  name: string;
  sectionCount: number;
  repealedCount: number;
  versionCount: number;
  earliestEffective: string | null;
  latestEffective: string | null;
  latestPublished: string | null;
}

export interface JurisdictionSummary {
  jurisdiction: string;
  codes: CodeSummary[];
}

const VERSION_COLUMNS = [
  'statute_versions.id',
  'statute_versions.section_id',
  'statute_versions.effective_from',
  'statute_versions.effective_to',
  'statute_versions.repealed',
  'statute_versions.absent',
  'statute_versions.heading',
  'statute_versions.text',
  'statute_versions.history',
  'statute_versions.cross_references',
  'statute_versions.hierarchy',
  'statute_versions.sentence_memo',
] as const;

type VersionRow = Pick<Selectable<StatuteVersionTable>, 'id' | 'section_id' | 'effective_from' | 'effective_to' | 'repealed' | 'absent' | 'heading' | 'text' | 'history' | 'cross_references' | 'hierarchy' | 'sentence_memo'>;

function toVersion(r: VersionRow): StatuteVersion {
  return {
    id: r.id,
    sectionId: r.section_id,
    effectiveFrom: r.effective_from,
    effectiveTo: r.effective_to,
    repealed: r.repealed === 1,
    absent: r.absent === 1,
    heading: r.heading,
    text: r.text,
    history: r.history,
    crossReferences: JSON.parse(r.cross_references) as string[],
    hierarchy: JSON.parse(r.hierarchy) as HierarchyLevel[],
    sentenceMemo: r.sentence_memo,
  };
}

export function createStatutesRepository({ db }: { db: Kysely<Database> }) {
  const sectionQuery = () =>
    db
      .selectFrom('statute_sections')
      .innerJoin('statute_codes', 'statute_codes.id', 'statute_sections.code_id')
      .select([
        'statute_sections.id',
        'statute_sections.jurisdiction',
        'statute_codes.name as codeName',
        'statute_sections.citation',
        'statute_sections.section_number as sectionNumber',
        'statute_sections.title_number as titleNumber',
      ]);

  return {
    /** True when a corpus with at least one section is loaded for the jurisdiction. */
    async isSupported(jurisdiction: string): Promise<boolean> {
      const row = await db.selectFrom('statute_codes').select('id').where('jurisdiction', '=', jurisdiction).where('section_count', '>', 0).executeTakeFirst();
      return row !== undefined;
    },

    async findSection(jurisdiction: string, citation: string): Promise<StatuteSection | undefined> {
      return sectionQuery().where('statute_sections.jurisdiction', '=', jurisdiction).where('statute_sections.citation', '=', citation).executeTakeFirst();
    },

    /** The version with the latest effective_from on or before the date (it may be a repeal). */
    async versionOnOrBefore(sectionId: number, asOf: string): Promise<StatuteVersion | undefined> {
      const row = await db
        .selectFrom('statute_versions')
        .select(VERSION_COLUMNS)
        .where('section_id', '=', sectionId)
        .where('effective_from', '<=', asOf)
        .orderBy('effective_from', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ? toVersion(row) : undefined;
    },

    async firstVersion(sectionId: number): Promise<StatuteVersion | undefined> {
      const row = await db.selectFrom('statute_versions').select(VERSION_COLUMNS).where('section_id', '=', sectionId).orderBy('effective_from', 'asc').limit(1).executeTakeFirst();
      return row ? toVersion(row) : undefined;
    },

    /** Every version of a section, oldest first. */
    async listVersions(sectionId: number): Promise<StatuteVersion[]> {
      const rows = await db.selectFrom('statute_versions').select(VERSION_COLUMNS).where('section_id', '=', sectionId).orderBy('effective_from', 'asc').execute();
      return rows.map(toVersion);
    },

    /** Versions by id with their sections (search hits), in the order of the ids given. */
    async versionsByIds(ids: number[]): Promise<SectionVersion[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('statute_versions')
        .innerJoin('statute_sections', 'statute_sections.id', 'statute_versions.section_id')
        .innerJoin('statute_codes', 'statute_codes.id', 'statute_sections.code_id')
        .select([
          ...VERSION_COLUMNS,
          'statute_sections.jurisdiction',
          'statute_codes.name as codeName',
          'statute_sections.citation',
          'statute_sections.section_number as sectionNumber',
          'statute_sections.title_number as titleNumber',
        ])
        .where('statute_versions.id', 'in', ids)
        .execute();
      const byId = new Map(
        rows.map((r) => [
          r.id,
          {
            ...toVersion(r),
            section: { id: r.section_id, jurisdiction: r.jurisdiction, codeName: r.codeName, citation: r.citation, sectionNumber: r.sectionNumber, titleNumber: r.titleNumber },
          },
        ]),
      );
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    /** The titles and publications loaded per jurisdiction (cached until an import changes the corpus). */
    loaded: createLoadedTitlesReader(db),

    /** Jurisdictions with a loaded corpus, with their codes' summaries, by jurisdiction then code. */
    async listJurisdictions(): Promise<JurisdictionSummary[]> {
      const rows = await db.selectFrom('statute_codes').selectAll().where('section_count', '>', 0).orderBy('jurisdiction').orderBy('name').execute();
      const out: JurisdictionSummary[] = [];
      for (const r of rows) {
        let entry = out[out.length - 1];
        if (!entry || entry.jurisdiction !== r.jurisdiction) {
          entry = { jurisdiction: r.jurisdiction, codes: [] };
          out.push(entry);
        }
        entry.codes.push({
          name: r.name,
          sectionCount: r.section_count,
          repealedCount: r.repealed_count,
          versionCount: r.version_count,
          earliestEffective: r.earliest_effective,
          latestEffective: r.latest_effective,
          latestPublished: r.latest_published,
        });
      }
      return out;
    },
  };
}

export type StatutesRepository = ReturnType<typeof createStatutesRepository>;

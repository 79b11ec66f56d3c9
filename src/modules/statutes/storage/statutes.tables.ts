import type { Generated, Selectable } from 'kysely';

/**
 * Tables of the statute corpus. Tenant neutral: every organization reads the same corpus, so no
 * table has an org id. Dates are ISO `YYYY-MM-DD` text, booleans 0/1, arrays JSON text.
 *
 * Design: what a publication SAYS is kept as an observation (one per section and publication,
 * never edited in place), and the versions a reader sees are DERIVED from all the observations of
 * a section (versioning.ts) after every import. Importing the same publication twice, or
 * publications out of order, therefore ends in the same versions.
 */
export interface StatuteTables {
  statute_codes: StatuteCodeTable;
  statute_sections: StatuteSectionTable;
  statute_observations: StatuteObservationTable;
  statute_versions: StatuteVersionTable;
  statute_publications: StatutePublicationTable;
}

/** One code of a jurisdiction ('D.C. Code'), with a summary refreshed after each import. */
export interface StatuteCodeTable {
  id: Generated<number>;
  jurisdiction: string;
  name: string;
  section_count: number;
  /** Sections whose latest version is a repeal. */
  repealed_count: number;
  version_count: number;
  /** The earliest and latest effective_from over the code's versions; null while it has none. */
  earliest_effective: string | null;
  latest_effective: string | null;
  latest_published: string | null;
  updated_at: string;
}

/** A section, keyed by its canonical citation within its jurisdiction. */
export interface StatuteSectionTable {
  id: Generated<number>;
  code_id: number;
  jurisdiction: string;
  citation: string;
  section_number: string;
  title_number: string;
}

/** What one publication states about one section. JSONL lines that date themselves add a key. */
export interface StatuteObservationTable {
  id: Generated<number>;
  section_id: number;
  published: string;
  /** '' for a snapshot observation; the explicit effective_from of a JSONL version line otherwise. */
  version_key: string;
  effective_from: string | null;
  effective_to: string | null;
  /** Hash over text + heading + repealed: equal hashes are the same version of the law. */
  content_hash: string;
  /** Hash over every stored field: equal fingerprints make a re-import a no-op. */
  fingerprint: string;
  repealed: number;
  heading: string;
  text: string;
  history: string;
  cross_references: string;
  hierarchy: string;
  amendment_dates: string;
}

/** One version of a section, derived from the observations; rowid of the search index too. */
export interface StatuteVersionTable {
  id: Generated<number>;
  section_id: number;
  effective_from: string;
  effective_to: string | null;
  repealed: number;
  /** 1 when the repeal was inferred from the section's absence from a snapshot of its title. */
  absent: number;
  content_hash: string;
  /** The observation whose heading, history, references and hierarchy the version shows. */
  observation_id: number;
  /** The observation whose text it shows (a repeal keeps the last operative text). */
  text_observation_id: number;
  heading: string;
  text: string;
  history: string;
  cross_references: string;
  hierarchy: string;
  /** The text's sentence splits, for research (src/text/sentence-memo.ts); '' when none needs the sentence model. */
  sentence_memo: string;
}

/** One import of one code's publication: which titles it contains, so absences can be read. */
export interface StatutePublicationTable {
  id: Generated<number>;
  jurisdiction: string;
  code_id: number;
  published: string;
  /** JSON array of the title numbers the publication contains (the union over re-imports). */
  titles: string;
  /** 1 when the publication is a snapshot of its titles (absence means repeal); JSONL is not. */
  snapshot: number;
  sections_seen: number;
  imported_at: string;
}

export type StatuteCodeRow = Selectable<StatuteCodeTable>;
export type StatuteSectionRow = Selectable<StatuteSectionTable>;
export type StatuteVersionRow = Selectable<StatuteVersionTable>;
export type StatuteObservationRow = Selectable<StatuteObservationTable>;

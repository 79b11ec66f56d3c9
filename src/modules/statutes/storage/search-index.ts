import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';

/**
 * Full-text search over statute versions, behind an interface: SQLite's FTS5
 * (sqlite-search-index.ts) or a PostgreSQL tsvector (postgres-search-index.ts). The import keeps it in step with statute_versions; the research
 * operations query it.
 */

/** What the index holds for one version; its id is the version id. */
export interface SearchDocument {
  versionId: number;
  heading: string;
  text: string;
  /** The headings of the levels above the section, as one line ("Title 42 Real Property. Chapter 35 ..."). */
  hierarchy: string;
}

export interface StatuteSearchHit {
  versionId: number;
  citation: string;
  /** Higher is better (the negated bm25). */
  score: number;
}

export interface StatuteSearchIndex {
  /**
   * Adds these versions' rows, replacing any row the same version id had. `trx` is the transaction
   * that writes the versions: the index changes with them or not at all.
   */
  upsert(trx: Kysely<Database>, documents: SearchDocument[]): Promise<void>;
  remove(trx: Kysely<Database>, versionIds: number[]): Promise<void>;
  /**
   * Versions of the jurisdiction in force on asOf (and not repeals) that match an FTS5 query,
   * best first. The query must already be safe FTS5 syntax (src/text/fts-query.ts builds one).
   */
  search(jurisdiction: string, ftsQuery: string, asOf: string, limit: number): Promise<StatuteSearchHit[]>;
  /** In how many versions (of every jurisdiction) each indexed term occurs, and about how many there are. */
  termFrequencies(terms: string[]): Promise<{ total: number; frequencies: Map<string, number> }>;
  /**
   * Called when an import has written: PostgreSQL analyzes the statute tables again
   * (db/planner-statistics.ts), whose planner statistics a bulk load leaves describing nearly empty tables.
   */
  afterImport?(): Promise<void>;
}

/** A hierarchy as one line for the index: "Title 42 Real Property. Chapter 35 Rental Housing Generally." */
export function hierarchyLine(levels: Array<{ label: string; number: string | null; heading: string | null }>): string {
  return levels
    .map((l) => [l.label.charAt(0).toUpperCase() + l.label.slice(1), l.number, l.heading].filter(Boolean).join(' '))
    .join(' ');
}

/** The index document of a version row (its hierarchy is stored as JSON levels). */
export function searchDocumentOf(versionId: number, version: { heading: string; text: string; hierarchy: string }): SearchDocument {
  const levels = JSON.parse(version.hierarchy) as Array<{ label: string; number: string | null; heading: string | null }>;
  return { versionId, heading: version.heading, text: version.text, hierarchy: hierarchyLine(levels) };
}

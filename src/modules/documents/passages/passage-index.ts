import type { TermFrequencies } from '../../../text/ubiquitous-terms.js';
import type { PassageDraft } from './chunking.js';

/** bm25's statistics of a workspace's passages for some terms: the counts, and the tokens in all passages (average length tokens / total). */
export type PassageTermFrequencies = TermFrequencies & { tokens: number };

export interface PassageHit {
  passageId: number;
  fileId: number;
  page: number | null;
  start: number;
  end: number;
  text: string;
  /** CUAD clause types the passage may express, with the classifier's probability (tagged at ingestion). */
  clauses: Record<string, number>;
  /** Relevance, higher is better (the negated bm25 of FTS5). */
  score: number;
}

/**
 * The searchable passages of a workspace's files. SQLite FTS5 with bm25 now; a PostgreSQL
 * tsvector implementation later. Every method is scoped by workspace, statistics included.
 */
export interface PassageIndex {
  /** Replaces a file's passages (re-ingestion is idempotent). */
  replaceFile(workspaceId: number, fileId: number, passages: PassageDraft[]): Promise<void>;
  /** Removes every passage of these files (a file deleted from the workspace). */
  deleteFiles(workspaceId: number, fileIds: number[]): Promise<void>;
  /** Best passages of `ready` files of the workspace matching an FTS query built by src/text, optionally only of some files. */
  search(workspaceId: number, ftsQuery: string, limit: number, fileIds?: number[]): Promise<PassageHit[]>;
  /**
   * In how many of the workspace's passages each indexed term occurs, how many passages it has and
   * how many tokens they hold (bm25's statistics): terms found nearly everywhere add little to a
   * ranking and cost the most to score. Per workspace, so another tenant's text never changes this
   * workspace's ranking.
   */
  termFrequencies(workspaceId: number, terms: string[]): Promise<PassageTermFrequencies>;
  /** The first passages of each listed file, in order (for openings: parties, titles, dates). */
  openings(workspaceId: number, fileIds: number[], perFile: number): Promise<PassageHit[]>;
}

import type { Store } from '../../../db/store.js';
import { analyzeQuestion } from '../../../text/query-analysis.js';
import { PASSAGE_TERM_SHARE, singleWordStems, withoutUbiquitousTerms } from '../../../text/ubiquitous-terms.js';
import { expressedProbability } from '../../../text/clauses/opposite-wording.js';
import type { PassageIndex } from '../../documents/passages/passage-index.js';
import { searchPassages } from '../../documents/passages/passage-search.js';
import { withRememberedOpenings } from '../../documents/passages/remembered-openings.js';
import { pagesFromPassages } from '../../documents/text/page-text.js';
import type { PageText } from '../../documents/text/file-text.repository.js';

/** A passage of one of a row's files; `start`/`end` are offsets into its page's text. */
export interface EvidencePassage {
  fileId: number;
  page: number;
  start: number;
  end: number;
  text: string;
  score: number;
}

/**
 * What a cell reads: ranked passages for a question restricted to some files, and whole page
 * texts (for the dates a term counts from). The integrator can put clause-aware retrieval behind
 * the same interface.
 */
export interface CellEvidence {
  retrieve(workspaceId: number, fileIds: number[], question: string): Promise<EvidencePassage[]>;
  pages(workspaceId: number, fileId: number): Promise<PageText[]>;
  /** Every passage of the files tagged at ingestion with this CUAD clause type (probability >= `min`), likeliest first. */
  clausePassages(workspaceId: number, fileIds: number[], category: string, min: number): Promise<Array<EvidencePassage & { p: number }>>;
  /** Inverse document frequency of each stem over the workspace's indexed passages (rare words tell more). */
  rarity(workspaceId: number, stems: string[]): Promise<(stem: string) => number>;
  /**
   * The same evidence for one cell, reading each of its files' passages once: a cell scores every
   * passage of its row's files (retrieve, when a common word is searched) and then reads them all
   * again for their clause tags (clausePassages). Not for longer than a cell: ingestion replaces passages.
   */
  forCell(): CellEvidence;
}

const PASSAGES_PER_CELL = 10;
/** Most passages of one file read for its clause tags (a long contract has ~300). */
const MAX_FILE_PASSAGES = 2_000;
/** Below this many indexed passages, terms weigh alike (about 20 contracts' worth). */
export const MIN_PASSAGES_FOR_RARITY = 1000;

/** Cell evidence from the passage index (FTS5 bm25 over the row's files) and the stored page texts. */
export function createPassageEvidence(
  deps: { store: Store; passages: PassageIndex },
  limit = PASSAGES_PER_CELL,
  // Shared with the evidence made for each cell: a column's term counts outlive its cells.
  rarityCache = new Map<string, (stem: string) => number>(),
): CellEvidence {
  return {
    forCell() {
      return createPassageEvidence({ store: deps.store, passages: withRememberedOpenings(deps.passages) }, limit, rarityCache);
    },
    async retrieve(workspaceId, fileIds, question) {
      if (fileIds.length === 0) return [];
      // As a workspace question's search (retrieve.ts): without the words in most passages and
      // without thesaurus phrases, which cost most of a cell's time in a room of 20,000 documents.
      // Searched as the common-terms search does (passage-search.ts): within the row's files its
      // ranking is the whole query's, without FTS5 scoring every passage of the room that holds a
      // common word.
      const analysis = analyzeQuestion(question);
      const counts = await deps.passages.termFrequencies(workspaceId, singleWordStems(analysis));
      const fts = { expansions: true, expansionPhrases: false } as const;
      const pruned = withoutUbiquitousTerms(analysis, counts, PASSAGE_TERM_SHARE);
      const wanted = limit * Math.max(1, Math.min(fileIds.length, 5));
      let hits = await searchPassages(deps.passages, workspaceId, pruned, counts, wanted, { fts, fileIds });
      // A file holding none of the rarer words still gets its nearest text from the common ones:
      // a cell that answers "no" cites what it read (47 of 800 cells had no citation without this).
      if (hits.length === 0 && pruned.terms.length !== analysis.terms.length) {
        hits = await searchPassages(deps.passages, workspaceId, analysis, counts, wanted, { fts, fileIds });
      }
      return hits.map((h) => ({ fileId: h.fileId, page: h.page ?? 1, start: h.start, end: h.end, text: h.text, score: h.score }));
    },
    async clausePassages(workspaceId, fileIds, category, min) {
      if (fileIds.length === 0) return [];
      const all = await deps.passages.openings(workspaceId, fileIds, MAX_FILE_PASSAGES);
      // A passage that words the clause only in the negative ("a non-exclusive right") does not express it.
      return all
        .map((h) => ({ fileId: h.fileId, page: h.page ?? 1, start: h.start, end: h.end, text: h.text, score: h.score, p: expressedProbability(category, h) }))
        .filter((h) => h.p >= min)
        .sort((a, b) => b.p - a.p);
    },
    async rarity(workspaceId, stems) {
      // A column asks the same question of every row: its term counts are read once (they drift
      // only as files are added, and a slightly stale idf ranks the same).
      const cacheKey = `${workspaceId}:${[...stems].sort().join(' ')}`;
      const cached = rarityCache.get(cacheKey);
      if (cached) return cached;
      const counts = await deps.passages.termFrequencies(workspaceId, stems);
      // In a handful of passages every word looks common or unique: document frequencies say nothing yet.
      if (counts.total < MIN_PASSAGES_FOR_RARITY) return () => 1;
      const rarity = rarityOf(counts);
      if (rarityCache.size >= 256) rarityCache.clear();
      rarityCache.set(cacheKey, rarity);
      return rarity;
    },
    async pages(workspaceId, fileId) {
      const pages = await deps.store.fileText.listPages(workspaceId, fileId);
      if (pages.length > 0) return pages;
      return pagesFromPassages(await deps.store.fileText.listPassageSpans(workspaceId, fileId));
    },
  };
}

/** idf of each counted term, scaled so the question's average term weighs 1; an unknown term weighs as much as an average one. */
function rarityOf(counts: { total: number; frequencies: Map<string, number> }): (stem: string) => number {
  const idf = new Map([...counts.frequencies].map(([stem, df]) => [stem, Math.log((counts.total + 1) / (df + 1))]));
  const mean = idf.size > 0 ? [...idf.values()].reduce((a, b) => a + b, 0) / idf.size : 1;
  return (stem) => (idf.get(stem) ?? mean) / Math.max(1e-9, mean);
}

import { clauseClassifier } from '../../../text/clauses/clause-classifier.js';
import type { ExtractedPage } from '../extraction/extraction.types.js';
import { chunkPages, type PassageDraft } from './chunking.js';

/** A file's passages, each with the clause types it expresses (for retrieval, answers and review tables). */
export function taggedPassages(pages: ExtractedPage[]): PassageDraft[] {
  const classifier = clauseClassifier();
  return chunkPages(pages).map((p) => ({ ...p, clauses: classifier.significant(p.text) }));
}

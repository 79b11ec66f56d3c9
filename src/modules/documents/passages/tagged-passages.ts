import { clauseClassifier, clauseModelFingerprint } from '../../../text/clauses/clause-classifier.js';
import type { ExtractedPage } from '../extraction/extraction.types.js';
import { chunkPages, type PassageDraft } from './chunking.js';
import type { ClauseTagger } from './clause-retag.js';

/** A file's passages, each with the clause types it expresses (for retrieval, answers and review tables). */
export function taggedPassages(pages: ExtractedPage[]): PassageDraft[] {
  const classifier = clauseClassifier();
  return chunkPages(pages).map((p) => ({ ...p, clauses: classifier.significant(p.text) }));
}

/** The shipped model as re-tagging uses it: the tags a passage stores, exactly as ingestion writes them. */
export function shippedClauseTagger(): ClauseTagger {
  const classifier = clauseClassifier();
  return { fingerprint: clauseModelFingerprint(), tagsOf: (text) => JSON.stringify(classifier.significant(text)) };
}

import { clauseClassifier, clauseModelFingerprint } from '../../../text/clauses/clause-classifier.js';
import type { ExtractedPage } from '../extraction/extraction.types.js';
import { chunkPages, type PassageDraft } from './chunking.js';
import type { ClauseTagger } from './clause-retag.js';

/**
 * A file's passages, each with the clause types it expresses (for retrieval, answers and review
 * tables), as the JSON the index stores (`clauseTags`).
 */
export function taggedPassages(pages: ExtractedPage[]): PassageDraft[] {
  const classifier = clauseClassifier();
  return chunkPages(pages).map((p) => ({ ...p, clauseTags: classifier.significantJson(p.text) }));
}

/**
 * The shipped model as re-tagging uses it: the tags a passage stores, exactly as ingestion writes
 * them. The weights are loaded at the first passage, not here: every start asks for the tagger, and
 * nearly every start finds the tags current (loading them cost the server's main thread 120 ms and
 * the memory of the compiled weights for nothing).
 */
export function shippedClauseTagger(): ClauseTagger {
  return { fingerprint: clauseModelFingerprint(), tagsOf: (text) => clauseClassifier().significantJson(text) };
}

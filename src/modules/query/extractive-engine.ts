import { NO_ANSWER, indexFiles, type AnswerEngine, type AnswerRequest, type AnswerResult } from './answer-engine.js';
import { finalizeAnswer } from './citation-tags.js';
import { composeAnswer, composeFileList, isListQuestion, type ListedFile } from './answer-composer.js';
import { contentTerms, coverageOf, fileNames, isEvidence, scoreEvidence, selectEvidence } from './sentence-selection.js';
import { fileNameSignals } from './ranking/file-signals.js';
import { composeClauseAnswer } from './clauses/clause-answer.js';
import { clauseClassifier } from '../../text/clauses/clause-classifier.js';
import { TAG_THRESHOLD } from '../../text/clauses/clause-model.js';
import { expressedProbability } from '../../text/clauses/opposite-wording.js';

export interface ExtractiveOptions {
  /** Most sentences quoted in an answer (default 4). */
  maxSentences?: number;
  /** Most files listed for a "which documents ..." question (default 25). */
  maxListedFiles?: number;
}

/**
 * Files for a "which documents ..." question: each file whose best sentence is evidence (framing
 * words like "agreements" left out of the question), best first; then files whose name alone
 * holds everything asked ("which agreements are distributor agreements?").
 */
export function listFiles(request: AnswerRequest, max: number): ListedFile[] {
  const scored = scoreEvidence(request.analysis, request.passages, true);
  const listed: ListedFile[] = [];
  const { listClause } = request;
  for (const e of scored) {
    if (listed.length >= max) break;
    // A list by clause type lists a document for a passage that is such a clause (tagged with it),
    // not for any sentence holding the question's words: "Which agreements are governed by Delaware
    // law?" listed a California-law agreement whose parties are Delaware corporations.
    const passage = request.passages[e.passageRank];
    if (listClause !== undefined && (passage === undefined || expressedProbability(listClause, passage) < TAG_THRESHOLD)) continue;
    if (isEvidence(e) && !listed.some((f) => f.fileId === e.fileId)) listed.push({ fileId: e.fileId, fileName: e.fileName, evidence: e });
  }
  const terms = contentTerms(request.analysis, true);
  if (terms.length === 0) return listed;
  for (const f of request.files) {
    if (listed.length >= max) break;
    if (listed.some((l) => l.fileId === f.fileId)) continue;
    const { coverage } = coverageOf('', request.analysis, terms, fileNames(fileNameSignals(f.fileName)));
    if (coverage >= 0.999) listed.push({ fileId: f.fileId, fileName: f.fileName, evidence: null });
  }
  return listed;
}

/** The extractive answer for a request (pure): quoted sentences with tags, a file list, or the no-answer statement. */
export function extractiveAnswer(request: AnswerRequest, options: ExtractiveOptions = {}): AnswerResult {
  const allowed = new Set(request.passages.map((p) => p.fileId));
  const { titles } = indexFiles(request.files);
  if (isListQuestion(request.question)) {
    const files = listFiles(request, options.maxListedFiles ?? 25);
    // Files listed by name come from the workspace's ready files, which may be cited too.
    for (const f of files) allowed.add(f.fileId);
    if (files.length > 0) return finalizeAnswer(composeFileList(files, titles), allowed);
  }
  const chosen = selectEvidence(scoreEvidence(request.analysis, request.passages), options.maxSentences ?? 4);
  // The named document's clause answers only when the evidence points at that same document (or
  // nowhere): answering from the document retrieval ranked first moved first citations to the
  // wrong contract whenever several documents were named alike. "It has no such clause" is said
  // whatever the evidence: none of the documents the question names has the clause (retrieval
  // looked at each of them), and quoting another contract's clause would answer a question about
  // one contract from a different one.
  if (request.focus && (chosen.length === 0 || chosen[0]?.fileId === request.focus.fileId || !request.focus.present)) {
    const text = composeClauseAnswer(request.focus, request.analysis, clauseClassifier(), titles.get(request.focus.fileId));
    if (text !== '') return finalizeAnswer(text, [...allowed, request.focus.fileId]);
  }
  if (chosen.length === 0) return { answer: NO_ANSWER, citations: [] };
  return finalizeAnswer(composeAnswer(chosen, titles), allowed);
}

/** The default engine: no network and no model; answers by quoting the sentences that answer the question. */
export function createExtractiveEngine(options: ExtractiveOptions = {}): AnswerEngine {
  return {
    name: 'extractive',
    async answer(request, signal) {
      signal?.throwIfAborted();
      return extractiveAnswer(request, options);
    },
  };
}

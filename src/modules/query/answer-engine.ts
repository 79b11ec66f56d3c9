import type { QueryAnalysis } from '../../text/query-analysis.js';

/** One passage retrieval found for a question. */
export interface RetrievedPassage {
  fileId: number;
  fileName: string;
  /** 1-based page, or null for formats without pages. */
  page: number | null;
  text: string;
  /** Retrieval score, higher is better (already combined: bm25 + file signals). */
  score: number;
}

export interface AnswerRequest {
  question: string;
  analysis: QueryAnalysis; // from analyzeQuestion(question)
  passages: RetrievedPassage[]; // best first, all from ready files of this workspace
  /** Every ready file of the workspace (id and name), for "which documents ..." questions and for the guard. */
  files: Array<{ fileId: number; fileName: string }>;
}

export interface AnswerResult {
  answer: string;
  citations: number[];
}

export interface AnswerEngine {
  readonly name: string;
  answer(request: AnswerRequest, signal?: AbortSignal): Promise<AnswerResult>;
}

/** What every engine says when nothing in the workspace supports an answer. */
export const NO_ANSWER = 'The documents in this workspace do not answer this question.';

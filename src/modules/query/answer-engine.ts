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
  /** CUAD clause types the passage may express, with the classifier's probability. */
  clauses?: Record<string, number>;
}

/**
 * A question that names a document and asks for a clause type: the answer comes from that
 * document, or says plainly that it has no such clause.
 */
export interface ClauseFocus {
  fileId: number;
  fileName: string;
  /** The CUAD category asked about ("Governing Law"). */
  category: string;
  /** Whether the document's best passage for the category clears the category's presence cut-off; false only when no file the question names alike has the clause. */
  present: boolean;
  /**
   * Present, and its best passage is tagged with the category (probability at or above TAG_THRESHOLD,
   * as review tables decide a yes/no cell). Between the presence cut-off and that threshold the
   * document more often lacks the clause than has it, so no yes or no is said there.
   */
  clear: boolean;
  /** Present: the document's passages that best express the clause, best first. Absent: its passages nearest the question. */
  passages: RetrievedPassage[];
  /** Absent, and the first passage words the clause only in the negative ("a non-exclusive right"): what the document says instead. */
  opposite?: boolean;
}

export interface AnswerRequest {
  question: string;
  analysis: QueryAnalysis; // from analyzeQuestion(question)
  passages: RetrievedPassage[]; // best first, all from ready files of this workspace
  /** Every ready file of the workspace (id and name), for "which documents ..." questions and for the guard. */
  files: Array<{ fileId: number; fileName: string; title?: string }>;
  /**
   * Set when a question over the whole workspace asks for a list of documents by a clause type
   * ("Which agreements are governed by Delaware law?"): the CUAD category it asks for.
   */
  listClause?: string;
  /** Set when the question names a document and asks for a clause type. */
  focus?: ClauseFocus;
}

type RequestFiles = AnswerRequest['files'];
const fileIndexes = new WeakMap<RequestFiles, { ids: Set<number>; titles: Map<number, string> }>();

/**
 * The request's files by id: their ids (what may be cited) and titles. Retrieval hands the same
 * file list to every question while the room is unchanged, so this is built once per list, not
 * once per question over a 20,000-file room.
 */
export function indexFiles(files: RequestFiles): { ids: Set<number>; titles: Map<number, string> } {
  let index = fileIndexes.get(files);
  if (!index) {
    index = { ids: new Set(files.map((f) => f.fileId)), titles: new Map(files.flatMap((f) => (f.title ? [[f.fileId, f.title] as const] : []))) };
    fileIndexes.set(files, index);
  }
  return index;
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

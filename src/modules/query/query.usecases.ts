import { validationError } from '../../shared/errors.js';
import { indexFiles, type AnswerResult } from './answer-engine.js';
import { finalizeAnswer } from './citation-tags.js';
import type { QueryServices } from './query-services.js';
import { retrieve } from './retrieval/retrieve.js';

export const MAX_QUESTION_CHARS = 8000;

/** The question trimmed, 1 to 8,000 characters, or a pydantic-style 422. */
export function validateQuestion(raw: string): string {
  const question = raw.trim();
  if (question.length === 0) {
    throw validationError([{ type: 'string_too_short', loc: ['body', 'question'], msg: 'String should have at least 1 character', input: raw, ctx: { min_length: 1 } }]);
  }
  if (question.length > MAX_QUESTION_CHARS) {
    throw validationError([{ type: 'string_too_long', loc: ['body', 'question'], msg: `String should have at most ${MAX_QUESTION_CHARS} characters`, input: raw, ctx: { max_length: MAX_QUESTION_CHARS } }]);
  }
  return question;
}

/**
 * Retrieves from the workspace's ready files and lets the engine answer. Whatever the engine
 * wrote, the result is finalized against this workspace's ready files, read in this request: no
 * other id can be cited, and `citations` is exactly the tags' ids in first-cited order.
 */
export async function answerQuestion(query: Pick<QueryServices, 'retrieval' | 'engine'>, workspaceId: number, question: string): Promise<AnswerResult> {
  const request = await retrieve(query.retrieval, workspaceId, question);
  const answer = await query.engine.answer(request);
  return finalizeAnswer(answer.answer, indexFiles(request.files).ids);
}

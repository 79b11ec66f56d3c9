import { answerCell, type AnswerInput } from './answer-cell.js';
import type { CellAnswer } from './cell-answer.types.js';

/**
 * What answers a cell once its evidence is gathered: the built-in extractive reader always, or a
 * configured model in front of it. Evidence gathering (retrieval, clause tags, defined dates) is
 * the same for both, so a model only ever reads what the extractive engine would.
 */
export interface CellEngine {
  name: string;
  answer(input: AnswerInput, signal?: AbortSignal): Promise<CellAnswer>;
}

export const extractiveCellEngine: CellEngine = {
  name: 'extractive',
  answer: async (input) => answerCell(input),
};

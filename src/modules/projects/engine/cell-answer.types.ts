/** A place in a file a cell's value rests on: `quote` is `page text.slice(start, end)`. */
export interface Citation {
  file_id: number;
  page: number;
  quote: string;
  start: number;
  end: number;
}

export type CellValue =
  | string
  | number
  | boolean
  | string[]
  | { days: number; text: string }
  | { amount: number; currency: string }
  | null;

export interface CellAnswer {
  value: CellValue;
  /** What a person reads in the grid. */
  display: string;
  citations: Citation[];
}

/** A sentence of a row's files, scored for the column's question; offsets are into its page text. */
export interface CandidateSentence {
  fileId: number;
  page: number;
  start: number;
  end: number;
  text: string;
  /** Share of the question's weight the sentence holds (0..~1.5: phrases and expansions add). */
  relevance: number;
}

/** What a cell's answer says when the file has none. */
export const NO_ANSWER_DISPLAY = 'Not stated in this file';

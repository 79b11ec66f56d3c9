import type { ParsedSection } from '../statutes.types.js';

/** A source format the `folio import statutes --format <id>` command can read. */
export interface StatuteFormat {
  id: string;
  /** The jurisdiction every section of this format belongs to; null when each record names its own (jsonl). */
  jurisdiction: string | null;
  /** The code's short name as in canonical citations; null when each record names its own. */
  codeName: string | null;
  parse: (path: string) => AsyncGenerator<ParsedSection>;
}

/** Something a parser could not read cleanly but skipped over instead of failing. */
export interface ImportWarning {
  /** The file (and for JSONL the line) concerned. */
  source: string;
  message: string;
}

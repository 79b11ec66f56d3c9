/**
 * What the query engine reads about each file to tell which file a question names (parties, type,
 * dates, a readable title), computed once at ingestion and stored, so that a server's first
 * question after a start does not read every file's opening again. The documents capability stores
 * it as an opaque JSON value with the version of the code that wrote it; the query capability
 * writes and reads its content (query/ranking/read-file-signals.ts).
 */
export interface FileSignalsTables {
  file_signals: FileSignalsTable;
}

export interface FileSignalsTable {
  workspace_id: number;
  file_id: number;
  /** The version of the reading that wrote `signals`: a row of another version is read again from the file's opening. */
  version: number;
  signals: string;
}

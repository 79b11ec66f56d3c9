/** What `folio import documents --json` prints: one object for the whole run. */
export interface ImportSummary {
  /** Files found under the paths (plus paths that could not be read). */
  files: number;
  bytes: number;
  /** Files this run added (processed unless --no-wait). */
  imported: number;
  /** Files whose bytes the workspace already held. */
  skipped: number;
  failed: Array<{ path: string; reason: string }>;
  /** Files added but not yet processed when the run ended (--no-wait, or a frozen index). */
  pending: number;
}

export interface ImportProgress {
  phase: 'store' | 'process';
  filesDone: number;
  filesTotal: number;
  bytesDone: number;
  bytesTotal: number;
}

export interface ImportRequest {
  workspaceId: number;
  parentDirectoryId: number | null;
  paths: string[];
  /** Wait until every added file is processed (ready or failed). */
  wait: boolean;
  onProgress?: (progress: ImportProgress) => void;
}

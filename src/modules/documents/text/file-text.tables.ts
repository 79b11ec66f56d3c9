import type { Selectable } from 'kysely';

/** The extracted text of each page of a file: what passages, quotes and highlights point into. */
export interface FileTextTables {
  file_pages: FilePageTable;
}

export interface FilePageTable {
  workspace_id: number;
  file_id: number;
  /** 1-based, as extraction numbers pages (one page for formats without pages). */
  page: number;
  text: string;
}

export type FilePageRow = Selectable<FilePageTable>;

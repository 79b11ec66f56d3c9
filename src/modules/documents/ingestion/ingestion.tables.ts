import type { Generated, Selectable } from 'kysely';

/** Tables of document ingestion: the persistent job queue, idempotency records and passages. */
export interface IngestionTables {
  ingestion_jobs: IngestionJobTable;
  idempotency_keys: IdempotencyKeyTable;
  passages: PassageTable;
}

export interface IngestionJobTable {
  id: Generated<number>;
  workspace_id: number;
  file_id: number;
  /** queued → running → done | failed */
  state: string;
  attempts: number;
  /** Which server process holds a running job, and since when (stale locks are taken back). */
  locked_by: string | null;
  locked_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface IdempotencyKeyTable {
  api_key_id: string;
  idem_key: string;
  workspace_id: number;
  parent_directory_id: number | null;
  /** SHA-256 of the uploaded bytes, once they have been read. */
  content_sha256: string | null;
  /** in_progress | completed */
  state: string;
  response_status: number | null;
  response_body: string | null;
  created_at: string;
  expires_at: string;
}

export interface PassageTable {
  id: Generated<number>;
  workspace_id: number;
  file_id: number;
  ordinal: number;
  page: number | null;
  /** Character offsets of the passage in its page's extracted text, for quotes and highlighting. */
  start_offset: number;
  end_offset: number;
  text: string;
  /** CUAD clause types the passage may express: a JSON object, category → probability (migration 013). */
  clause_tags: Generated<string>;
}

export type IngestionJobRow = Selectable<IngestionJobTable>;
export type IdempotencyKeyRow = Selectable<IdempotencyKeyTable>;
export type PassageRow = Selectable<PassageTable>;

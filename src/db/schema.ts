import type { Generated, Insertable, Selectable } from 'kysely';
import type { IngestionTables } from '../modules/documents/ingestion/ingestion.tables.js';
import type { StatuteTables } from '../modules/statutes/storage/statutes.tables.js';
import type { FileTextTables } from '../modules/documents/text/file-text.tables.js';
import type { ProjectCellTables } from '../modules/projects/engine/cells.tables.js';
import type { SessionsTables } from '../modules/sessions/sessions.tables.js';
import type { RateLimitTables } from '../http/rate-limit.tables.js';
import type { FileSignalsTables } from '../modules/documents/signals/file-signals.tables.js';
import type { TreeStampsTables } from '../modules/documents/tree-stamps.tables.js';

/**
 * Table shapes as Kysely sees them. Booleans are stored as 0/1 integers and timestamps as ISO 8601
 * text in every dialect, so the same repository code reads the same values from SQLite and PostgreSQL.
 */
/** Every table: the foundation's here, each later capability's in its own module. */
export interface Database extends FoundationTables, IngestionTables, StatuteTables, FileTextTables, ProjectCellTables, SessionsTables, RateLimitTables, FileSignalsTables, TreeStampsTables {}

export interface FoundationTables {
  orgs: OrgTable;
  users: UserTable;
  workspaces: WorkspaceTable;
  workspace_members: WorkspaceMemberTable;
  projects: ProjectTable;
  project_rows: ProjectRowTable;
  project_columns: ProjectColumnTable;
  directories: DirectoryTable;
  files: FileTable;
  api_keys: ApiKeyTable;
}

export interface OrgTable {
  id: string;
  name: string;
  created_at: string;
}

export interface UserTable {
  id: string;
  org_id: string;
  email: string;
  name: string;
  is_org_admin: number;
  created_at: string;
  /** scrypt hash (sessions migration 012); null until a password is set, and such a user cannot sign in. */
  password_hash: string | null;
}

export interface WorkspaceTable {
  id: Generated<number>;
  org_id: string;
  owner_id: string;
  workspace_type: string;
  name: string;
  description: string | null;
  summary: string | null;
  is_public: number;
  is_external: number;
  index_frozen: number;
  valid_until: string | null;
  /** JSON text of the WorkspaceDeal, or null when no deal-type matter is linked. */
  deal: string | null;
  created_at: string;
  updated_at: string;
}

export interface WorkspaceMemberTable {
  workspace_id: number;
  user_id: string;
  role: string;
  created_at: string;
}

export interface ProjectTable {
  id: Generated<number>;
  workspace_id: number;
  name: string;
  description: string | null;
  summary: string | null;
  project_type: string;
  display_order: number;
  created_at: string;
  updated_at: string;
}

export interface ProjectRowTable {
  id: Generated<number>;
  project_id: number;
  workspace_id: number;
  /** JSON array of file ids. */
  uploaded_file_ids: string;
  display_order: number;
  created_at: string;
  updated_at: string;
}

export interface ProjectColumnTable {
  id: Generated<number>;
  project_id: number;
  workspace_id: number;
  column_title: string | null;
  query: string | null;
  response_structure: string | null;
  display_order: number;
  created_at: string;
  updated_at: string;
}

export interface DirectoryTable {
  id: Generated<number>;
  workspace_id: number;
  name: string;
  parent_directory_id: number | null;
  created_at: string;
}

export interface FileTable {
  id: Generated<number>;
  workspace_id: number;
  parent_directory_id: number | null;
  file_name: string;
  sha256: string;
  size_bytes: number;
  content_type: string | null;
  status: string;
  error: string | null;
  page_count: number | null;
  created_at: string;
  updated_at: string;
}

export interface ApiKeyTable {
  id: string;
  org_id: string;
  name: string;
  /** JSON array of scope strings. */
  scopes: string;
  workspace_id: number | null;
  created_by: string;
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
  display_prefix: string;
  key_hash: string;
  rate_limit: number | null;
}

export type OrgRow = Selectable<OrgTable>;
export type UserRow = Selectable<UserTable>;
export type WorkspaceRow = Selectable<WorkspaceTable>;
export type ProjectRow = Selectable<ProjectTable>;
export type ProjectRowRow = Selectable<ProjectRowTable>;
export type ProjectColumnRow = Selectable<ProjectColumnTable>;
export type DirectoryRow = Selectable<DirectoryTable>;
export type FileRow = Selectable<FileTable>;
export type ApiKeyRow = Selectable<ApiKeyTable>;
export type NewApiKey = Insertable<ApiKeyTable>;

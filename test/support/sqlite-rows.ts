import type BetterSqlite3 from 'better-sqlite3';

export interface SqliteRows {
  workspace(): number;
  /** A file row (no blob, no passages) in `status`, 'ready' by default. */
  file(workspaceId: number, name: string, status?: string): number;
}

/**
 * Rows for tests that work on a bare migrated SQLite connection (the passage index, FTS5, a
 * migration) rather than through the store: org `org` and its admin, then workspaces and files as
 * asked. Call it again with another org for a second tenant.
 */
export function seedSqliteRows(raw: BetterSqlite3.Database, org = 'o1'): SqliteRows {
  const now = new Date().toISOString();
  const user = `u-${org}`;
  raw.prepare('insert into orgs (id, name, created_at) values (?, ?, ?)').run(org, org, now);
  raw.prepare('insert into users (id, org_id, email, name, is_org_admin, created_at) values (?, ?, ?, ?, 1, ?)').run(user, org, `${user}@example.test`, 'Admin', now);
  const addWorkspace = raw.prepare(
    "insert into workspaces (org_id, owner_id, workspace_type, name, is_public, is_external, index_frozen, created_at, updated_at) values (?, ?, 'standard', 'W', 0, 0, 0, ?, ?)",
  );
  const addFile = raw.prepare('insert into files (workspace_id, parent_directory_id, file_name, sha256, size_bytes, status, created_at, updated_at) values (?, null, ?, ?, 10, ?, ?, ?)');
  let files = 0;
  return {
    workspace: () => Number(addWorkspace.run(org, user, now, now).lastInsertRowid),
    // The digest only has to be unique within a workspace (files are deduplicated per workspace).
    file: (workspaceId, name, status = 'ready') => Number(addFile.run(workspaceId, name, `${org}:${files++}`.padStart(64, '0'), status, now, now).lastInsertRowid),
  };
}

import type BetterSqlite3 from 'better-sqlite3';

/**
 * Rows for tests that work on a bare migrated SQLite connection (the passage index, FTS5) rather
 * than through the store: one org and user, then workspaces and ready files as asked.
 */
export function seedSqliteRows(raw: BetterSqlite3.Database): { workspace(): number; readyFile(workspaceId: number, name: string): number } {
  const now = new Date().toISOString();
  raw.prepare("insert into orgs (id, name, created_at) values ('o1', 'Org', ?)").run(now);
  raw.prepare("insert into users (id, org_id, email, name, is_org_admin, created_at) values ('u1', 'o1', 'a@b.test', 'A', 1, ?)").run(now);
  const addWorkspace = raw.prepare(
    "insert into workspaces (org_id, owner_id, workspace_type, name, is_public, is_external, index_frozen, created_at, updated_at) values ('o1', 'u1', 'standard', 'W', 0, 0, 0, ?, ?)",
  );
  const addFile = raw.prepare("insert into files (workspace_id, parent_directory_id, file_name, sha256, size_bytes, status, created_at, updated_at) values (?, null, ?, ?, 10, 'ready', ?, ?)");
  let files = 0;
  return {
    workspace: () => Number(addWorkspace.run(now, now).lastInsertRowid),
    readyFile: (workspaceId, name) => Number(addFile.run(workspaceId, name, String(files++).padStart(64, '0'), now, now).lastInsertRowid),
  };
}

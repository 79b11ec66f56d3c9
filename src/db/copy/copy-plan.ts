/**
 * What `folio migrate-data` copies from a SQLite data folder to PostgreSQL, table by table, in an
 * order where every row's references are copied before it. A table the source has that is in
 * neither list stops the copy: a table added to the schema must be placed here on purpose, never
 * left behind in silence (copy-plan.test.ts checks the lists against the migrated schema).
 */
export const COPIED_TABLES = [
  'orgs',
  'users',
  'workspaces',
  'workspace_members',
  'api_keys',
  'sessions',
  'directories',
  'files',
  'file_pages',
  'file_signals',
  'ingestion_jobs',
  'passages',
  'projects',
  'project_rows',
  'project_columns',
  'project_cells',
  'idempotency_keys',
  'statute_codes',
  'statute_publications',
  'statute_sections',
  'statute_observations',
  'statute_versions',
] as const;

export type CopiedTable = (typeof COPIED_TABLES)[number];

/** Tables left behind, and why. */
export const NOT_COPIED: Record<string, string> = {
  schema_migrations: 'the target runs its own migrations',
  rate_limit_windows: "counters of the current minute's requests",
  sign_in_failures: 'sign-in throttling of the last minutes',
  tree_stamps: "the target's own triggers stamp each workspace's tree as its files and directories are copied",
  system_state: "which clause model tagged the passages: the target checks the copied tags against its own model at its first start",
};

/**
 * The source's tables that are neither copied nor deliberately left: SQLite's own tables, the
 * FTS5 virtual tables and their shadow tables (the target's indexes are rebuilt from the rows)
 * excepted.
 */
export function unplacedTables(tables: Array<{ name: string; sql: string | null }>): string[] {
  const virtual = tables.filter((t) => /^create virtual table/i.test(t.sql ?? '')).map((t) => t.name);
  const placed = new Set<string>([...COPIED_TABLES, ...Object.keys(NOT_COPIED)]);
  return tables
    .map((t) => t.name)
    .filter((name) => !name.startsWith('sqlite_') && !placed.has(name))
    .filter((name) => !virtual.some((v) => name === v || name.startsWith(`${v}_`)));
}

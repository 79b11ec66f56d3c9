import type BetterSqlite3 from 'better-sqlite3';

/*
 * Each workspace's passages have their own FTS5 table (external content over `passages`). One
 * shared table had two costs: bm25's statistics (document frequencies, average length) mixed every
 * tenant's text into each workspace's ranking, and a search scored every tenant's matching
 * passages before it could filter on the workspace, so one data room of 20,000 documents slowed
 * every other workspace's queries. A table per workspace scores only its own passages, with its
 * own statistics.
 */

/** The FTS5 table of a workspace's passages. Ids are integers from our own rows, never user text. */
export function workspaceFtsTable(workspaceId: number): string {
  if (!Number.isSafeInteger(workspaceId) || workspaceId < 1) throw new Error(`not a workspace id: ${workspaceId}`);
  return `passages_fts_w${workspaceId}`;
}

/** Something kept per workspace (prepared statements, mostly), made on first use; bounded, for the workspaces in use. */
export function perWorkspace<T>(make: (workspaceId: number) => T, max = 256): (workspaceId: number) => T {
  const cache = new Map<number, T>();
  return (workspaceId) => {
    let entry = cache.get(workspaceId);
    if (!entry) {
      if (cache.size >= max) cache.clear();
      entry = make(workspaceId);
      cache.set(workspaceId, entry);
    }
    return entry;
  };
}

/** The statement that creates a workspace's table; `if not exists`, so it may run before every first write. */
export function createWorkspaceFtsSql(workspaceId: number): string {
  return `create virtual table if not exists main.${workspaceFtsTable(workspaceId)} using fts5(text, content='passages', content_rowid='id', tokenize='porter unicode61')`;
}

/** True when the workspace's table exists (a workspace gets one with its first indexed file). */
export function hasWorkspaceFts(db: BetterSqlite3.Database, workspaceId: number): boolean {
  return db.prepare("select 1 from sqlite_master where type = 'table' and name = ?").get(workspaceFtsTable(workspaceId)) !== undefined;
}

/**
 * How many passages a workspace's table holds and how many tokens they have, read from FTS5's own
 * "averages" record (row 1 of the `_data` shadow table: the row count as an SQLite varint, then one
 * varint per column with its tokens; the table has one column, `text`). Counting the passages
 * instead reads one index entry per passage: tens of milliseconds at a million, on every query.
 * bm25's average passage length is tokens / rows. The record's layout has been stable since FTS5
 * shipped; a table without it yields 0.
 */
export function workspaceFtsTotals(db: BetterSqlite3.Database, workspaceId: number): { rows: number; tokens: number } {
  const row = db.prepare(`select block from ${workspaceFtsTable(workspaceId)}_data where id = 1`).get() as { block: Buffer } | undefined;
  if (!row) return { rows: 0, tokens: 0 };
  const rows = readVarintAt(row.block, 0);
  const tokens = rows.next < row.block.length ? readVarintAt(row.block, rows.next).value : 0;
  return { rows: rows.value, tokens };
}

/** SQLite's varint: big-endian 7-bit groups with a continuation bit; a ninth byte carries 8 bits. */
export function readVarint(bytes: Uint8Array): number {
  return readVarintAt(bytes, 0).value;
}

/** The varint starting at `offset`, and the offset just past it. */
function readVarintAt(bytes: Uint8Array, offset: number): { value: number; next: number } {
  let value = 0;
  for (let i = 0; i < 9 && offset + i < bytes.length; i++) {
    const byte = bytes[offset + i] as number;
    if (i === 8) return { value: value * 256 + byte, next: offset + 9 };
    value = value * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) return { value, next: offset + i + 1 };
  }
  return { value, next: bytes.length };
}

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { openSqliteStore } from '../open.js';
import { COPIED_TABLES, NOT_COPIED, unplacedTables } from './copy-plan.js';

test('every table of the migrated schema is either copied by migrate-data or left on purpose', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'folio-copy-plan-'));
  const opened = await openSqliteStore(dir);
  try {
    const raw = opened.sqlite!;
    const tables = () => raw.prepare("select name, sql from sqlite_master where type = 'table'").all() as Array<{ name: string; sql: string | null }>;
    assert.deepEqual(unplacedTables(tables()), []);
    for (const table of COPIED_TABLES) assert.ok(tables().some((t) => t.name === table), `${table} exists`);
    for (const table of Object.keys(NOT_COPIED)) assert.ok(tables().some((t) => t.name === table), `${table} exists`);
    // A table nobody placed is reported, not skipped in silence; FTS5 tables and their shadow
    // tables (a workspace's passage index is one) are rebuilt on the target, not copied.
    raw.exec('create table matter_notes (id integer primary key, text text)');
    raw.exec("create virtual table notes_fts using fts5(text)");
    assert.deepEqual(unplacedTables(tables()), ['matter_notes']);
  } finally {
    await opened.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

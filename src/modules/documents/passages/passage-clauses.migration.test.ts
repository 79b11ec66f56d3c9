import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Kysely } from 'kysely';
import { migrate, migrations } from '../../../db/migrations/migrate.js';
import { openSqlite } from '../../../db/sqlite.js';
import { ANTARES_LAW } from '../../query/__fixtures__/cuad-passages.js';

test('migration 013 tags the passages already indexed', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'folio-013-'));
  const { db, raw } = openSqlite(join(dir, 'folio.db'));
  try {
    const before = migrations.filter((m) => m.name !== '013-passage-clauses');
    await migrate(db as unknown as Kysely<unknown>, 'sqlite', before);
    const now = new Date().toISOString();
    raw.prepare("insert into orgs (id, name, created_at) values ('o1', 'Org', ?)").run(now);
    raw.prepare("insert into users (id, org_id, email, name, is_org_admin, created_at) values ('u1', 'o1', 'a@b.test', 'A', 1, ?)").run(now);
    const ws = Number(raw.prepare("insert into workspaces (org_id, owner_id, workspace_type, name, is_public, is_external, index_frozen, created_at, updated_at) values ('o1', 'u1', 'standard', 'W', 0, 0, 0, ?, ?)").run(now, now).lastInsertRowid);
    const file = Number(raw.prepare("insert into files (workspace_id, parent_directory_id, file_name, sha256, size_bytes, status, created_at, updated_at) values (?, null, 'a.txt', ?, 10, 'ready', ?, ?)").run(ws, 'a'.repeat(64), now, now).lastInsertRowid);
    raw.prepare('insert into passages (workspace_id, file_id, ordinal, page, start_offset, end_offset, text) values (?, ?, 0, 1, 0, ?, ?)').run(ws, file, ANTARES_LAW.text.length, ANTARES_LAW.text);

    await migrate(db as unknown as Kysely<unknown>, 'sqlite');
    const tags = JSON.parse((raw.prepare('select clause_tags from passages').pluck().get() as string) ?? '{}') as Record<string, number>;
    assert.ok((tags['Governing Law'] ?? 0) >= 0.5);
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
});

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Kysely } from 'kysely';
import { migrate, migrations } from '../../../db/migrations/migrate.js';
import { openSqlite } from '../../../db/sqlite.js';
import { ANTARES_LAW } from '../../query/__fixtures__/cuad-passages.js';
import { seedSqliteRows } from '../../../../test/support/sqlite-rows.js';

test('migration 013 tags the passages already indexed', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'folio-013-'));
  const { db, raw } = openSqlite(join(dir, 'folio.db'));
  try {
    const before = migrations.filter((m) => m.name !== '013-passage-clauses');
    await migrate(db as unknown as Kysely<unknown>, 'sqlite', before);
    const rows = seedSqliteRows(raw);
    const ws = rows.workspace();
    const file = rows.file(ws, 'a.txt');
    raw.prepare('insert into passages (workspace_id, file_id, ordinal, page, start_offset, end_offset, text) values (?, ?, 0, 1, 0, ?, ?)').run(ws, file, ANTARES_LAW.text.length, ANTARES_LAW.text);

    await migrate(db as unknown as Kysely<unknown>, 'sqlite');
    const tags = JSON.parse((raw.prepare('select clause_tags from passages').pluck().get() as string) ?? '{}') as Record<string, number>;
    assert.ok((tags['Governing Law'] ?? 0) >= 0.5);
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
});

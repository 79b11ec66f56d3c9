import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Kysely } from 'kysely';
import { openSqlite } from '../../../db/sqlite.js';
import { migrate, migrations } from '../../../db/migrations/migrate.js';
import { REPEAL_KEY } from '../versioning.js';

test("migration 016 renames the stored repeal key '\\u0000repealed' (which PostgreSQL cannot hold) and leaves content hashes alone", async () => {
  const { db, raw } = openSqlite(':memory:');
  try {
    const before = migrations.filter((m) => m.name < '016');
    await migrate(db as unknown as Kysely<unknown>, 'sqlite', before);
    raw.exec("insert into statute_codes (id, jurisdiction, name, updated_at) values (1, 'DC', 'dc', '2024-10-20')");
    raw.exec("insert into statute_sections (id, code_id, jurisdiction, citation, section_number, title_number) values (1, 1, 'DC', 'D.C. Code § 42-101', '42-101', '42')");
    const version = raw.prepare(
      `insert into statute_versions (section_id, effective_from, effective_to, repealed, absent, content_hash, observation_id, text_observation_id, heading, text, history, cross_references, hierarchy)
       values (1, ?, null, ?, ?, ?, 1, 1, 'Heading', 'Text', '[]', '[]', '[]')`,
    );
    version.run('2021-10-18', 0, 0, 'ab12cd34');
    version.run('2024-10-20', 1, 1, '\u0000repealed');
    await migrate(db as unknown as Kysely<unknown>, 'sqlite');
    const keys = raw.prepare('select content_hash from statute_versions order by effective_from').pluck().all();
    assert.deepEqual(keys, ['ab12cd34', REPEAL_KEY]);
    assert.ok(!REPEAL_KEY.includes('\u0000') && !/^[0-9a-f]+$/.test(REPEAL_KEY), 'no NUL, and never a hex digest');
  } finally {
    await db.destroy();
  }
});

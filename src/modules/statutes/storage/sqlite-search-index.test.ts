import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Kysely } from 'kysely';
import { openSqlite } from '../../../db/sqlite.js';
import { migrate } from '../../../db/migrations/migrate.js';
import type { Database } from '../../../db/schema.js';
import { createSqliteStatuteSearchIndex, statuteSearchSql } from './sqlite-search-index.js';
import { IN_FORCE_INDEX } from './in-force-index.migration.js';

// D.C. Code § 12-302(b) and Va. Code Ann. § 8.01-229(A)(1), 2024 texts.
const DC_TEXT =
  'When a person entitled to maintain an action for the recovery of lands, tenements, or hereditaments is under any of the disabilities specified by subsection (a) of this section at the time the right of action accrues, he or his proper representative may bring the action within 5 years after the disability is removed.';
const VA_TEXT =
  'If a person entitled to bring any action is at the time the cause of action accrues an infant, the time during which he is within the age of minority shall not be counted as any part of the period within which the action must be brought.';

async function corpus() {
  const { db, raw } = openSqlite(':memory:');
  await migrate(db as unknown as Kysely<unknown>, 'sqlite');
  raw.exec("insert into statute_codes (id, jurisdiction, name, updated_at) values (1, 'DC', 'dc', '2024-10-20'), (2, 'VA', 'va', '2025-07-01')");
  raw.exec(`insert into statute_sections (id, code_id, jurisdiction, citation, section_number, title_number) values
    (1, 1, 'DC', 'D.C. Code § 12-302', '12-302', '12'), (2, 2, 'VA', 'Va. Code Ann. § 8.01-229', '8.01-229', '8.01')`);
  const version = raw.prepare(
    `insert into statute_versions (id, section_id, effective_from, effective_to, repealed, absent, content_hash, observation_id, text_observation_id, heading, text, history, cross_references, hierarchy)
     values (?, ?, ?, ?, ?, 0, 'h', 1, 1, 'Disability of plaintiff.', ?, '[]', '[]', '[]')`,
  );
  // D.C.: in force 2001–2021, in force from 2021, a repeal from 2030; Virginia: in force from 2025.
  version.run(1, 1, '2001-04-27', '2021-10-18', 0, DC_TEXT);
  version.run(2, 1, '2021-10-18', '2030-01-01', 0, DC_TEXT);
  version.run(3, 1, '2030-01-01', null, 1, DC_TEXT);
  version.run(4, 2, '2025-07-01', null, 0, VA_TEXT);
  const index = createSqliteStatuteSearchIndex(raw);
  await db.transaction().execute((trx) =>
    index.upsert(trx as Kysely<Database>, [1, 2, 3, 4].map((id) => ({ versionId: id, heading: 'Disability of plaintiff.', text: id === 4 ? VA_TEXT : DC_TEXT, hierarchy: '' }))),
  );
  return { db, raw, index };
}

test('the statute search returns the version of the jurisdiction in force on the date, and no repeal', async () => {
  const { db, index } = await corpus();
  try {
    const ids = async (jurisdiction: string, asOf: string) => (await index.search(jurisdiction, '"action" OR "accrues"', asOf, 10)).map((h) => h.versionId);
    assert.deepEqual(await ids('DC', '2010-01-01'), [1]);
    assert.deepEqual(await ids('DC', '2024-10-20'), [2]);
    assert.deepEqual(await ids('DC', '2031-01-01'), [], 'the repeal in force then is not a hit');
    assert.deepEqual(await ids('DC', '1990-01-01'), []);
    assert.deepEqual(await ids('VA', '2026-01-01'), [4]);
    assert.deepEqual(await ids('VA', '2024-01-01'), []);
  } finally {
    await db.destroy();
  }
});

test("the statute search filters on the versions' in-force index, never on their rows", async () => {
  const { db, raw } = await corpus();
  try {
    const plan = raw
      .prepare(`explain query plan ${statuteSearchSql('rank')}`)
      .all('"action"', 'DC', '2024-10-20', '2024-10-20', 10) as Array<{ detail: string }>;
    assert.ok(plan.some((row) => row.detail.includes(`COVERING INDEX ${IN_FORCE_INDEX}`)), JSON.stringify(plan));
  } finally {
    await db.destroy();
  }
});

test('term counts are kept between calls and follow every change to the index', async () => {
  const { db, raw, index } = await corpus();
  try {
    assert.equal((await index.termFrequencies(['infant'])).frequencies.get('infant'), 1);
    assert.equal((await index.termFrequencies(['infant', 'accru'])).frequencies.get('accru'), 4);
    raw.exec("insert into statute_versions (id, section_id, effective_from, effective_to, repealed, absent, content_hash, observation_id, text_observation_id, heading, text, history, cross_references, hierarchy) values (5, 2, '2026-07-01', null, 0, 0, 'h2', 1, 1, 'Infancy.', 'An infant may sue by next friend.', '[]', '[]', '[]')");
    await db.transaction().execute((trx) => index.upsert(trx as Kysely<Database>, [{ versionId: 5, heading: 'Infancy.', text: 'An infant may sue by next friend.', hierarchy: '' }]));
    assert.equal((await index.termFrequencies(['infant'])).frequencies.get('infant'), 2);
    await db.transaction().execute((trx) => index.remove(trx as Kysely<Database>, [4, 5]));
    assert.equal((await index.termFrequencies(['infant'])).frequencies.get('infant'), 0);
  } finally {
    await db.destroy();
  }
});

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { sql } from 'kysely';
import { openDatabase } from '../../src/db/open-database.js';
import { migrate, migrations } from '../../src/db/migrations/migrate.js';
import { buildTsvector, labelAt, parseTsvectorText } from '../../src/db/fts/tsvector.js';
import { searchLabelStartsMigration } from '../../src/modules/statutes/storage/search-label-starts.migration.js';
import { SEARCH_COLUMNS } from '../../src/modules/statutes/storage/postgres-search-index.js';
import { legalSentences } from '../support/legal-sentences.js';
import { dropTestDatabase, testDatabaseUrl } from '../support/test-database.js';

// A database whose statute search rows were written before they held their columns' starts gets
// them from the migration, read off each row's own tsvector: every position must then be labelled
// as it was written (heading A, hierarchy B, text D), or PostgreSQL would weigh words wrongly.
const skip = !process.env.FOLIO_TEST_DATABASE_URL && 'FOLIO_TEST_DATABASE_URL is not set';

test("the migration gives rows written before it their columns' starts, labelling every position as written", { skip }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'folio-label-starts-'));
  const opened = await openDatabase({ databaseUrl: await testDatabaseUrl(dir), dataDir: dir }, { migrate: false });
  try {
    await migrate(opened.db as never, 'postgres', migrations.filter((m) => m !== searchLabelStartsMigration));
    const rows = legalSentences.flatMap((s, i) =>
      [
        [s.heading, 'Title 42 Real Property. Chapter 35 Rental Housing Generally.'],
        ['', 'Title 2.'],
        [s.heading, ''],
        ['', ''],
      ].map(([heading, hierarchy], k) => ({ id: i * 4 + k + 1, built: buildTsvector([heading!, hierarchy!, s.text].map((text, c) => ({ text, label: SEARCH_COLUMNS[c]! }))) })),
    );
    for (const { id, built } of rows) {
      await sql`insert into statute_versions_search (id, tsv, token_count) values (${id}, ${built.text}::tsvector, ${built.tokenCount})`.execute(opened.db);
    }
    await migrate(opened.db as never, 'postgres');
    const stored = await sql<{ id: number; label_starts: number[] }>`select id, label_starts from statute_versions_search`.execute(opened.db);
    const startsOf = new Map(stored.rows.map((r) => [r.id, r.label_starts.map(Number)]));
    for (const { id, built } of rows) {
      const starts = startsOf.get(id)!;
      for (const [stem, positions] of parseTsvectorText(built.text)) {
        for (const p of positions) assert.equal(labelAt(p.position, SEARCH_COLUMNS, starts), p.label, `row ${id}, ${stem} at ${p.position}`);
      }
    }
  } finally {
    await opened.close();
    rmSync(dir, { recursive: true, force: true });
    await dropTestDatabase(dir);
  }
});

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { sql, type Kysely } from 'kysely';
import { openStore } from '../../src/db/open.js';
import { readSearchStamp } from '../../src/db/fts/search-stamps.js';
import { readTermCounts } from '../../src/db/fts/term-counts.js';
import { findImportFormat } from '../../src/modules/statutes/import/formats.js';
import { importStatutes } from '../../src/modules/statutes/import/import-statutes.js';
import { PG_SEARCH_TABLE } from '../../src/modules/statutes/storage/postgres-search-index.js';
import { dropTestDatabase, testDatabaseUrl } from '../support/test-database.js';

// PostgreSQL's statute search reads a word's row count from the counts an import keeps
// (term-counts.ts) only while the table's stamp is the one they were counted at: a write after
// them must make the search count for itself, or its idf would describe rows that changed.
const skip = !process.env.FOLIO_TEST_DATABASE_URL && 'FOLIO_TEST_DATABASE_URL is not set';
const statutes = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'src', 'modules', 'statutes');
const WORDS = ['tenant', 'rent', 'deposit', 'employ', 'the', 'zzzabsent'];

async function counted(db: Kysely<any>, words: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const word of words) {
    const { rows } = await sql<{ n: string }>`select count(*) as n from ${sql.table(PG_SEARCH_TABLE)} where tsv @@ ${word}::tsquery`.execute(db);
    counts.set(word, Number(rows[0]!.n));
  }
  return counts;
}

test('an import keeps each word’s row count for its stamp; a later write makes them unused until the next import', { skip }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'folio-term-counts-'));
  const opened = await openStore({ databaseUrl: await testDatabaseUrl(dir), dataDir: dir });
  try {
    const db = opened.store.db;
    const deps = { db, search: opened.statuteSearch };
    await importStatutes(deps, { format: findImportFormat('dc')!, path: join(statutes, 'importers', '__fixtures__', 'dc', '2024-10-20'), published: '2024-10-20' });
    const stamp = await readSearchStamp(db, PG_SEARCH_TABLE, '');
    const kept = await readTermCounts(db, PG_SEARCH_TABLE, stamp, WORDS);
    assert.deepEqual(kept, await counted(db, WORDS));
    assert.ok((kept?.get('tenant') ?? 0) > 0);
    assert.equal(kept?.get('zzzabsent'), 0);

    // Another publication's versions, written without the import's last step.
    await db.transaction().execute((trx) =>
      opened.statuteSearch.upsert(trx, [{ versionId: 900_001, heading: 'Employment of families', hierarchy: 'Title 2.', text: 'An employer shall not discriminate against an employee on account of family responsibilities.' }]),
    );
    const moved = await readSearchStamp(db, PG_SEARCH_TABLE, '');
    assert.notEqual(moved, stamp);
    assert.equal(await readTermCounts(db, PG_SEARCH_TABLE, moved, WORDS), null);
    const frequencies = await opened.statuteSearch.termFrequencies(WORDS);
    assert.deepEqual(frequencies.frequencies, await counted(db, WORDS));

    await opened.statuteSearch.afterImport?.();
    assert.deepEqual(await readTermCounts(db, PG_SEARCH_TABLE, moved, WORDS), await counted(db, WORDS));
  } finally {
    await opened.close();
    rmSync(dir, { recursive: true, force: true });
    await dropTestDatabase(dir);
  }
});

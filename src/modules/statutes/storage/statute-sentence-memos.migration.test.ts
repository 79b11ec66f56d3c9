import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import type { Kysely } from 'kysely';
import type { OpenedStore } from '../../../db/open.js';
import { openTestStore } from '../../../../test/support/test-store.js';
import { statuteSentenceMemo } from '../../../text/sentence-memo.js';
import { findImportFormat } from '../import/formats.js';
import { importStatutes } from '../import/import-statutes.js';
import { refillSentenceMemos } from './statute-sentence-memos.migration.js';

const fixtures = join(dirname(fileURLToPath(import.meta.url)), '..', 'importers', '__fixtures__');

describe('stored sentence memos of statute versions', () => {
  let dir: string;
  let opened: OpenedStore;
  const versions = () => opened.store.db.selectFrom('statute_versions').select(['id', 'text', 'sentence_memo']).orderBy('id').execute();

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'folio-memos-'));
    // SQLite, or PostgreSQL on the test:pg run.
    opened = await openTestStore(dir);
    await importStatutes({ db: opened.store.db, search: opened.statuteSearch }, { format: findImportFormat('dc')!, path: join(fixtures, 'dc', '2024-10-20'), published: '2024-10-20' });
  });
  after(async () => {
    await opened.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('an import stores each version\'s memo', async () => {
    const rows = await versions();
    assert.ok(rows.length > 0);
    assert.ok(rows.some((r) => r.sentence_memo !== ''), 'some version has a sentence the model splits');
    for (const r of rows) assert.equal(r.sentence_memo, statuteSentenceMemo(r.text), `version ${r.id}`);
  });

  test('later imports keep every memo in step with its text: new versions, and versions rewritten with other words', async () => {
    const edited = mkdtempSync(join(tmpdir(), 'folio-dc-'));
    try {
      cpSync(join(fixtures, 'dc', '2024-10-20'), edited, { recursive: true });
      const file = join(edited, 'titles', '42', 'sections', '42-3505.54.xml');
      writeFileSync(file, readFileSync(file, 'utf8').replace('30-day notice in writing only from the tenant', '60-day notice in writing only from the tenant. It may be given by e-mail'));
      const db = opened.store.db;
      const before = await versions();
      // The same publication date, corrected: the version keeps its dates and gets the new words.
      await importStatutes({ db, search: opened.statuteSearch }, { format: findImportFormat('dc')!, path: edited, published: '2024-10-20' });
      // A later snapshot: versions whose words did not change keep their memos.
      await importStatutes({ db, search: opened.statuteSearch }, { format: findImportFormat('dc')!, path: edited, published: '2025-06-01' });
      const rows = await versions();
      assert.ok(rows.some((r) => r.text.includes('It may be given by e-mail')), 'the corrected text is stored');
      assert.notDeepEqual(rows, before);
      for (const r of rows) assert.equal(r.sentence_memo, statuteSentenceMemo(r.text), `version ${r.id}`);
    } finally {
      rmSync(edited, { recursive: true, force: true });
    }
  });

  test('the migration\'s refill writes missing and stale memos, and only those', async () => {
    const rows = await versions();
    const withMemo = rows.filter((r) => r.sentence_memo !== '');
    const [blank, stale] = withMemo;
    assert.ok(blank && stale, 'two versions with memos in the fixtures');
    const db = opened.store.db;
    // A corpus imported before memos existed, and one memo written by another splitter.
    await db.updateTable('statute_versions').set({ sentence_memo: '' }).where('id', '=', blank.id).execute();
    await db.updateTable('statute_versions').set({ sentence_memo: stale.sentence_memo.replace(/^sentences\/\d+/, 'sentences/0') }).where('id', '=', stale.id).execute();
    assert.equal(await refillSentenceMemos(db as unknown as Kysely<unknown>), 2);
    assert.deepEqual(await versions(), rows);
    assert.equal(await refillSentenceMemos(db as unknown as Kysely<unknown>), 0, 'nothing left to write');
  });
});

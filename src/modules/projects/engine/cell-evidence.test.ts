import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { openSqliteStore } from '../../../db/open.js';
import { buildTenant } from '../../../../test/support/factories.js';
import { chunkPages } from '../../documents/passages/chunking.js';
import { createSqlitePassageIndex } from '../../documents/passages/sqlite-passage-index.js';
import { MIN_DOCUMENTS_TO_PRUNE } from '../../../text/ubiquitous-terms.js';
import { createPassageEvidence } from './cell-evidence.js';

// Clauses cut from CUAD contracts in ../shared/data/documents/cuad.
const CAP = 'IN NO EVENT SHALL EITHER PARTY\'S AGGREGATE LIABILITY ARISING OUT OF THIS AGREEMENT EXCEED THE FEES PAID BY CUSTOMER IN THE TWELVE MONTHS PRECEDING THE CLAIM.';
const NOTICES = 'All notices under this Agreement shall be in writing and shall be deemed given when delivered personally or three days after mailing by certified mail.';
const PAYMENT = 'Distributor shall pay each invoice under this Agreement within thirty days of its date.';

test("a review cell searches its row's file without the words in most passages, and still cites the nearest text when the rarer words are absent", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'folio-cell-evidence-'));
  const opened = await openSqliteStore(dataDir);
  try {
    const { workspace } = await buildTenant({ store: opened.store, clock: { now: () => new Date() } });
    const passages = createSqlitePassageIndex(opened.sqlite!);
    const addFile = async (name: string, texts: string[]) => {
      const now = new Date().toISOString();
      const row = await opened.store.documents.insertFileWithJob({
        workspace_id: workspace.id, parent_directory_id: null, file_name: name, sha256: name, size_bytes: 1,
        content_type: 'text/plain', status: 'ready', error: null, page_count: texts.length, created_at: now, updated_at: now,
      });
      assert.ok(row);
      await passages.replaceFile(workspace.id, row.id, chunkPages(texts.map((text, i) => ({ page: i + 1, text }))));
      return row.id;
    };
    // Enough passages for common words to be left out; "agreement" is in every one of them.
    const capped = await addFile('capped.txt', [CAP, NOTICES]);
    const uncapped = await addFile('uncapped.txt', [PAYMENT, NOTICES]);
    for (let i = 0; i * 50 < MIN_DOCUMENTS_TO_PRUNE; i++) await addFile(`filler-${i}.txt`, Array.from({ length: 50 }, (_, k) => `${NOTICES} (${i}.${k})`));

    const evidence = createPassageEvidence({ store: opened.store, passages });
    const question = "Is either party's liability under this agreement limited or capped?";
    const found = await evidence.retrieve(workspace.id, [capped], question);
    assert.equal(found[0]?.text, CAP, 'the rarer words find the cap');
    assert.ok(found.every((p) => p.text !== NOTICES), 'a passage sharing only "agreement" is not searched for');

    const nearest = await evidence.retrieve(workspace.id, [uncapped], question);
    assert.ok(nearest.length > 0, 'a file without the rarer words still yields its nearest text to cite');
    assert.ok(nearest.every((p) => p.fileId === uncapped));
  } finally {
    await opened.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

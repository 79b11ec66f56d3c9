import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { openSqliteStore } from '../../../db/open.js';
import { buildTenant } from '../../../../test/support/factories.js';
import { chunkPages } from '../../documents/passages/chunking.js';
import type { PassageIndex } from '../../documents/passages/passage-index.js';
import { createSqlitePassageIndex } from '../../documents/passages/sqlite-passage-index.js';
import { MIN_DOCUMENTS_TO_PRUNE } from '../../../text/ubiquitous-terms.js';
import { createPassageEvidence } from './cell-evidence.js';

// Clauses cut from CUAD contracts in ../shared/data/documents/cuad.
const CAP = 'IN NO EVENT SHALL EITHER PARTY\'S AGGREGATE LIABILITY ARISING OUT OF THIS AGREEMENT EXCEED THE FEES PAID BY CUSTOMER IN THE TWELVE MONTHS PRECEDING THE CLAIM.';
const NOTICES = 'All notices under this Agreement shall be in writing and shall be deemed given when delivered personally or three days after mailing by certified mail.';
const PAYMENT = 'Distributor shall pay each invoice under this Agreement within thirty days of its date.';

/** A workspace of a capped and an uncapped contract among enough fillers for common words to be left out ("agreement" is in every passage). */
async function withRoom(run: (room: { store: Awaited<ReturnType<typeof openSqliteStore>>['store']; passages: PassageIndex; workspaceId: number; capped: number; uncapped: number }) => Promise<void>): Promise<void> {
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
    const capped = await addFile('capped.txt', [CAP, NOTICES]);
    const uncapped = await addFile('uncapped.txt', [PAYMENT, NOTICES]);
    for (let i = 0; i * 50 < MIN_DOCUMENTS_TO_PRUNE; i++) await addFile(`filler-${i}.txt`, Array.from({ length: 50 }, (_, k) => `${NOTICES} (${i}.${k})`));
    await run({ store: opened.store, passages, workspaceId: workspace.id, capped, uncapped });
  } finally {
    await opened.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const QUESTION = "Is either party's liability under this agreement limited or capped?";

test("a review cell searches its row's file without the words in most passages, and still cites the nearest text when the rarer words are absent", async () => {
  await withRoom(async ({ store, passages, workspaceId, capped, uncapped }) => {
    const evidence = createPassageEvidence({ store, passages });
    const found = await evidence.retrieve(workspaceId, [capped], QUESTION);
    assert.equal(found[0]?.text, CAP, 'the rarer words find the cap');
    assert.ok(found.every((p) => p.text !== NOTICES), 'a passage sharing only "agreement" is not searched for');

    const nearest = await evidence.retrieve(workspaceId, [uncapped], QUESTION);
    assert.ok(nearest.length > 0, 'a file without the rarer words still yields its nearest text to cite');
    assert.ok(nearest.every((p) => p.fileId === uncapped));
  });
});

test("one cell reads its row's passages from the index once; the next cell reads them again", async () => {
  await withRoom(async ({ store, passages, workspaceId, capped }) => {
    const read: number[][] = [];
    const counting: PassageIndex = { ...passages, openings: (ws, fileIds, perFile) => (read.push(fileIds), passages.openings(ws, fileIds, perFile)) };
    const evidence = createPassageEvidence({ store, passages: counting });
    // In a room large enough for the common-terms search, retrieve reads every passage of the row's
    // files too (passage-search.ts, withinFiles); here the clause passages are read twice instead.
    const cell = async () => {
      const forCell = evidence.forCell();
      const found = await forCell.retrieve(workspaceId, [capped], QUESTION);
      const cap = await forCell.clausePassages(workspaceId, [capped], 'Cap On Liability', 0);
      const notice = await forCell.clausePassages(workspaceId, [capped], 'Notice Period To Terminate Renewal', 0);
      return { found, cap, notice };
    };
    const first = await cell();
    assert.deepEqual(read, [[capped]], 'one read of the file for the cell');
    assert.equal(first.found[0]?.text, CAP);
    // The same answers as evidence that remembers nothing.
    assert.deepEqual(first.cap, await evidence.clausePassages(workspaceId, [capped], 'Cap On Liability', 0));
    assert.deepEqual(first.notice, await evidence.clausePassages(workspaceId, [capped], 'Notice Period To Terminate Renewal', 0));
    read.length = 0;
    await cell();
    assert.deepEqual(read, [[capped]], "a second cell does not reuse the first one's read");
  });
});

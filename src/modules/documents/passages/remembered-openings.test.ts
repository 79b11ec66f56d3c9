import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { OpenedStore } from '../../../db/open.js';
import { systemClock } from '../../../shared/clock.js';
import { openTestStore } from '../../../../test/support/test-store.js';
import { buildIndexedFile, buildTenant, buildWorkspace } from '../../../../test/support/factories.js';
import { ANTARES_LAW, EUROMEDIA_LIABILITY, ICORE_NOTICES } from '../../query/__fixtures__/cuad-passages.js';
import { createPassageIndex } from '../document-services.js';
import type { PassageIndex } from './passage-index.js';
import { withRememberedOpenings } from './remembered-openings.js';

/** The backend's real index, with its reads of openings counted. */
function counted(index: PassageIndex): { index: PassageIndex; reads: number[][] } {
  const reads: number[][] = [];
  return { reads, index: { ...index, openings: (workspaceId, fileIds, perFile) => (reads.push(fileIds), index.openings(workspaceId, fileIds, perFile)) } };
}

async function withIndex(run: (opened: OpenedStore, index: PassageIndex) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'folio-openings-'));
  const opened = await openTestStore(dir);
  try {
    await run(opened, createPassageIndex({ store: opened.store, clock: systemClock }, opened.passageBackend));
  } finally {
    await opened.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

test("a question's openings are read once per file, and answered as the index answers them", async () => {
  await withIndex(async (opened, index) => {
    const { workspace } = await buildTenant({ store: opened.store, clock: systemClock });
    const a = await buildIndexedFile(opened, workspace.id, [ANTARES_LAW.text, ICORE_NOTICES.text, EUROMEDIA_LIABILITY.text]);
    const b = await buildIndexedFile(opened, workspace.id, [ICORE_NOTICES.text]);
    const { index: spied, reads } = counted(index);
    const remembered = withRememberedOpenings(spied);

    assert.deepEqual(await remembered.openings(workspace.id, [b, a], 2000), await index.openings(workspace.id, [b, a], 2000));
    assert.deepEqual(await remembered.openings(workspace.id, [a], 2000), await index.openings(workspace.id, [a], 2000));
    assert.deepEqual(await remembered.openings(workspace.id, [a, b], 2), await index.openings(workspace.id, [a, b], 2));
    assert.deepEqual(reads, [[b, a]]);
  });
});

test('a file is read again when more of its passages are asked for, and never for another workspace', async () => {
  await withIndex(async (opened, index) => {
    const tenant = await buildTenant({ store: opened.store, clock: systemClock });
    const other = await buildWorkspace({ store: opened.store, clock: systemClock }, tenant);
    const a = await buildIndexedFile(opened, tenant.workspace.id, [ANTARES_LAW.text, ICORE_NOTICES.text, EUROMEDIA_LIABILITY.text]);
    const { index: spied, reads } = counted(index);
    const remembered = withRememberedOpenings(spied);

    assert.equal((await remembered.openings(tenant.workspace.id, [a], 1)).length, 1);
    assert.equal((await remembered.openings(tenant.workspace.id, [a], 3)).length, 3);
    // The same file id asked under another workspace: read there, where the index finds nothing of it.
    assert.deepEqual(await remembered.openings(other.id, [a], 3), []);
    assert.deepEqual(reads, [[a], [a], [a]]);
  });
});

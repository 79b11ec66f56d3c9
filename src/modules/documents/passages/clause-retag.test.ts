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
import { clauseModelFingerprint } from '../../../text/clauses/clause-classifier.js';
import { retagAfterModelChange, type ClauseTagger } from './clause-retag.js';
import { createClauseRetagRepository, type ClauseRetagRepository } from './clause-retag.repository.js';
import { shippedClauseTagger } from './tagged-passages.js';

/** Tags an earlier model might have written: a governing-law clause read as a liability cap. */
const STALE = { 'Cap On Liability': 0.91 };

/** A ready file of the workspace with these passage texts, stored with the given (stale) tags. */
const addFile = (opened: OpenedStore, workspaceId: number, texts: string[], tags: Record<string, number> = STALE) => buildIndexedFile(opened, workspaceId, texts, tags);

async function storedTags(opened: OpenedStore, workspaceId: number): Promise<string[]> {
  const repo = createClauseRetagRepository({ db: opened.store.db });
  return (await repo.passagesOf(workspaceId, await repo.filesWithPassages(workspaceId))).map((p) => p.clauseTags);
}

async function withStore(run: (opened: OpenedStore) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'folio-retag-'));
  const opened = await openTestStore(dir);
  try {
    await run(opened);
  } finally {
    await opened.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const deps = (opened: OpenedStore) => ({ store: opened.store, clock: systemClock });

test('a folder whose passages an earlier model tagged is re-tagged with the shipped model, in every workspace, once', async () => {
  await withStore(async (opened) => {
    const tenant = await buildTenant(deps(opened));
    const other = await buildWorkspace(deps(opened), tenant);
    await addFile(opened, tenant.workspace.id, [ANTARES_LAW.text, EUROMEDIA_LIABILITY.text]);
    await addFile(opened, other.id, [ICORE_NOTICES.text]);
    const repo = createClauseRetagRepository({ db: opened.store.db });
    await repo.recordTaggedWith('an-earlier-model');

    const tagger = shippedClauseTagger();
    const outcome = await retagAfterModelChange(repo, tagger);
    assert.deepEqual(outcome, { ran: true, passages: 3, changed: 3 });
    assert.deepEqual(await storedTags(opened, tenant.workspace.id), [ANTARES_LAW.text, EUROMEDIA_LIABILITY.text].map(tagger.tagsOf));
    assert.deepEqual(await storedTags(opened, other.id), [tagger.tagsOf(ICORE_NOTICES.text)]);
    // The governing-law clause is tagged as one now, and the stale cap is gone.
    const antares = JSON.parse((await storedTags(opened, tenant.workspace.id))[0] ?? '{}') as Record<string, number>;
    assert.ok((antares['Governing Law'] ?? 0) >= 0.5);
    assert.ok((antares['Cap On Liability'] ?? 0) < 0.5);
    assert.equal(await repo.taggedWith(), clauseModelFingerprint());

    assert.deepEqual(await retagAfterModelChange(repo, tagger), { ran: false, passages: 0, changed: 0 });
  });
});

test('a folder with no record of its model (migrated from before the record) is re-tagged; passages already current are not written', async () => {
  await withStore(async (opened) => {
    const tenant = await buildTenant(deps(opened));
    const tagger = shippedClauseTagger();
    const current = JSON.parse(tagger.tagsOf(ANTARES_LAW.text)) as Record<string, number>;
    await addFile(opened, tenant.workspace.id, [ANTARES_LAW.text], current);
    await addFile(opened, tenant.workspace.id, [EUROMEDIA_LIABILITY.text]);
    const repo = createClauseRetagRepository({ db: opened.store.db });
    assert.equal(await repo.taggedWith(), null);
    assert.deepEqual(await retagAfterModelChange(repo, tagger), { ran: true, passages: 2, changed: 1 });
    assert.equal(await repo.taggedWith(), tagger.fingerprint);
  });
});

test('a re-tagging cut short records nothing, and the next start finishes it', async () => {
  await withStore(async (opened) => {
    const tenant = await buildTenant(deps(opened));
    const other = await buildWorkspace(deps(opened), tenant);
    await addFile(opened, tenant.workspace.id, [ANTARES_LAW.text]);
    await addFile(opened, other.id, [EUROMEDIA_LIABILITY.text]);
    const real = createClauseRetagRepository({ db: opened.store.db });
    // The process dies after the first workspace's write (as kill -9 would leave it).
    let writes = 0;
    const dying: ClauseRetagRepository = {
      ...real,
      async updateTags(workspaceId, rows) {
        if (++writes > 1) throw new Error('killed');
        await real.updateTags(workspaceId, rows);
      },
    };
    const tagger = shippedClauseTagger();
    await assert.rejects(retagAfterModelChange(dying, tagger), /killed/);
    assert.equal(await real.taggedWith(), null);
    assert.deepEqual(await storedTags(opened, tenant.workspace.id), [tagger.tagsOf(ANTARES_LAW.text)]);
    assert.deepEqual(await storedTags(opened, other.id), [JSON.stringify(STALE)]);

    assert.deepEqual(await retagAfterModelChange(real, tagger), { ran: true, passages: 2, changed: 1 });
    assert.deepEqual(await storedTags(opened, other.id), [tagger.tagsOf(EUROMEDIA_LIABILITY.text)]);
  });
});

test("writing tags for one workspace never touches another workspace's passages", async () => {
  await withStore(async (opened) => {
    const tenant = await buildTenant(deps(opened));
    const other = await buildWorkspace(deps(opened), tenant);
    await addFile(opened, tenant.workspace.id, [ANTARES_LAW.text]);
    const theirs = await addFile(opened, other.id, [EUROMEDIA_LIABILITY.text]);
    const repo = createClauseRetagRepository({ db: opened.store.db });
    const [passage] = await repo.passagesOf(other.id, [theirs]);
    assert.ok(passage);
    // The other workspace's passage id, written under this workspace: nothing changes.
    await repo.updateTags(tenant.workspace.id, [{ id: passage.id, clauseTags: '{"Parties":0.99}' }]);
    assert.deepEqual(await storedTags(opened, other.id), [JSON.stringify(STALE)]);
    assert.deepEqual(await repo.passagesOf(tenant.workspace.id, [theirs]), []);
  });
});

test('the shipped tagger is named by a hash of its model file', () => {
  const tagger: ClauseTagger = shippedClauseTagger();
  assert.match(tagger.fingerprint, /^[0-9a-f]{16}$/);
  assert.equal(tagger.fingerprint, clauseModelFingerprint());
});

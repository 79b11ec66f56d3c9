import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'kysely';
import { buildApiKey, buildTenant } from '../support/factories.js';
import { startTestServer } from '../support/test-server.js';
import { upload, waitForStatus } from '../support/uploads.js';
import { createClauseRetagRepository } from '../../src/modules/documents/passages/clause-retag.repository.js';
import { shippedClauseTagger } from '../../src/modules/documents/passages/tagged-passages.js';
import { ANTARES_LAW } from '../../src/modules/query/__fixtures__/cuad-passages.js';

test('a server started on a folder an earlier clause model tagged re-tags its passages before it serves', { timeout: 120_000 }, async () => {
  const first = await startTestServer({ keepData: true });
  const tenant = await buildTenant(first.deps);
  const workspaceId = tenant.workspace.id;
  try {
    const { key } = await buildApiKey(first.deps, tenant);
    const response = await upload(first, workspaceId, key, ANTARES_LAW.text, { fileName: 'antares.txt' });
    assert.equal(response.status, 200);
    const { file_id: fileId } = (await response.json()) as { file_id: number };
    assert.equal((await waitForStatus(first, workspaceId, fileId, key)).status, 'ready');
    // What a folder tagged by an earlier model holds: other tags, and that model's name.
    await sql`update passages set clause_tags = ${'{"Cap On Liability":0.91}'} where workspace_id = ${workspaceId}`.execute(first.deps.store.db);
    await createClauseRetagRepository({ db: first.deps.store.db }).recordTaggedWith('an-earlier-model');
  } finally {
    await first.close();
  }

  // The same folder (and, on PostgreSQL, its schema): the data the first server left.
  const second = await startTestServer({ dataDir: first.dataDir });
  try {
    const repo = createClauseRetagRepository({ db: second.deps.store.db });
    const tagger = shippedClauseTagger();
    assert.equal(await repo.taggedWith(), tagger.fingerprint);
    const passages = await repo.passagesOf(workspaceId, await repo.filesWithPassages(workspaceId));
    assert.ok(passages.length > 0);
    for (const p of passages) assert.equal(p.clauseTags, tagger.tagsOf(p.text));
  } finally {
    await second.close();
  }
});

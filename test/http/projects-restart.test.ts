import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { openStore } from '../../src/db/open.js';
import { dropTestDatabase, testDatabaseUrl } from '../support/test-database.js';
import { buildApiKey, buildTenant } from '../support/factories.js';
import { call, fixtureText, waitForCells } from '../support/projects.js';
import { startTestServer } from '../support/test-server.js';
import { upload, waitForStatus } from '../support/uploads.js';

test('cells a stopped server left pending or running finish after a restart; finished ones never run again', { timeout: 300_000 }, async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'folio-projects-restart-'));
  try {
    const first = await startTestServer({ dataDir, keepData: true });
    const tenant = await buildTenant(first.deps);
    const key = (await buildApiKey(first.deps, tenant, { scopes: ['workspaces:read', 'documents:read', 'documents:write', 'query:run', 'projects:write'], rateLimit: 1_000_000 })).key;
    const ws = tenant.workspace.id;
    const base = `/v1/workspaces/${ws}/projects`;
    const projectId = ((await call(first, key, 'POST', base, { name: 'Restart review' })).body as { id: number }).id;
    for (const name of ['wpt-zynga-license.txt', 'aduro-consulting.txt']) {
      const { file_id } = (await (await upload(first, ws, key, fixtureText(name), { fileName: name })).json()) as { file_id: number };
      await waitForStatus(first, ws, file_id, key);
      await call(first, key, 'POST', `${base}/${projectId}/rows`, { uploaded_file_ids: [file_id] });
    }
    await call(first, key, 'POST', `${base}/${projectId}/columns`, { column_title: 'Law', query: 'Which law governs the agreement?', response_structure: 'jurisdiction' });
    await call(first, key, 'POST', `${base}/${projectId}/columns`, { column_title: 'Expiry', query: 'When does the term expire?', response_structure: 'date' });
    await call(first, key, 'POST', `${base}/${projectId}/run`);
    // The server stops with the run in whatever state it reached.
    await first.close();

    // As if the process had been killed mid-run: one cell left running, one not reached yet.
    const reopened = await openStore({ databaseUrl: await testDatabaseUrl(dataDir), dataDir });
    const db = reopened.store.db;
    const cells = await db.selectFrom('project_cells').select(['row_id', 'column_id']).where('project_id', '=', projectId).orderBy('row_id').orderBy('column_id').execute();
    assert.equal(cells.length, 4);
    const [cut, unreached] = cells as [{ row_id: number; column_id: number }, { row_id: number; column_id: number }];
    const leave = (cell: { row_id: number; column_id: number }, status: 'running' | 'pending') =>
      db.updateTable('project_cells').set({ status, queued: 1, value: null, display: null }).where('row_id', '=', cell.row_id).where('column_id', '=', cell.column_id).execute();
    await leave(cut, 'running');
    await leave(unreached, 'pending');
    const before = new Map(
      (await db.selectFrom('project_cells').select(['row_id', 'column_id', 'status', 'attempts']).where('project_id', '=', projectId).execute()).map((c) => [`${c.row_id}:${c.column_id}`, c]),
    );
    await reopened.close();

    const second = await startTestServer({ dataDir, keepData: true });
    try {
      const done = await waitForCells(second, key, ws, projectId);
      assert.deepEqual(done.progress, { done: 4, failed: 0, total: 4 });
      assert.ok(done.cells.every((c) => c.display !== null));
      const after = (await second.deps.store.cells.list(ws, projectId)).map((c) => ({ key: `${c.row_id}:${c.column_id}`, attempts: c.attempts }));
      for (const { key: cellKey, attempts } of after) {
        const was = before.get(cellKey);
        assert.ok(was);
        // A cell done before the stop keeps its single run; one that was cut short or never reached runs once more.
        if (was.status === 'done') assert.equal(attempts, was.attempts, `${cellKey} ran again`);
        else assert.equal(attempts, was.attempts + 1, `${cellKey} resumed once`);
      }
    } finally {
      await second.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await dropTestDatabase(dataDir);
  }
});

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { folioJson, serveProcess, stopProcess } from '../support/cli-process.js';

// Not in the PostgreSQL pass: the server and the CLI here share the folder's SQLite database
// whatever backend the suite is given (deployment-topology.test.ts covers processes on PostgreSQL).

test('the CLI revoking a key or removing its creator in another process takes effect on the next request', { timeout: 300_000 }, async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'folio-xproc-'));
  const server = await serveProcess(dataDir);
  try {
    const org = folioJson(dataDir, 'org', 'create', '--name', 'Cross LLP');
    const admin = folioJson(dataDir, 'user', 'create', '--org', String(org.id), '--email', 'a@x.test', '--name', 'A', '--org-admin');
    const manager = folioJson(dataDir, 'user', 'create', '--org', String(org.id), '--email', 'm@x.test', '--name', 'M');
    const ws = folioJson(dataDir, 'workspace', 'create', '--org', String(org.id), '--owner', String(admin.id), '--name', 'W');
    folioJson(dataDir, 'member', 'add', '--workspace', String(ws.workspace_id), '--user', String(manager.id), '--role', 'admin');
    const orgKey = folioJson(dataDir, 'key', 'create', '--org', String(org.id), '--created-by', String(admin.id), '--name', 'k', '--scopes', 'workspaces:read');
    const boundKey = folioJson(dataDir, 'key', 'create', '--org', String(org.id), '--created-by', String(manager.id), '--name', 'b', '--scopes', 'workspaces:read', '--workspace', String(ws.workspace_id));
    const get = (key: unknown, path = '/v1/org') => fetch(server.url + path, { headers: { authorization: `Bearer ${String(key)}` } });

    // Warm every cache first, then change the data from the other process.
    assert.equal((await get(orgKey.key)).status, 200);
    assert.equal((await get(boundKey.key, `/v1/workspaces/${String(ws.workspace_id)}`)).status, 200);
    folioJson(dataDir, 'key', 'revoke', String(orgKey.id));
    folioJson(dataDir, 'member', 'remove', '--workspace', String(ws.workspace_id), '--user', String(manager.id));

    const revoked = await get(orgKey.key);
    assert.equal(revoked.status, 403);
    assert.deepEqual(await revoked.json(), { detail: 'API key has been revoked' });
    const lost = await get(boundKey.key, `/v1/workspaces/${String(ws.workspace_id)}`);
    assert.equal(lost.status, 403);
    assert.deepEqual(await lost.json(), { detail: 'Workspace not accessible' });
  } finally {
    await stopProcess(server.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
});

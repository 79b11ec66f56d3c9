import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { CLI_ARGS, cliEnv } from '../support/cli-process.js';
import { dropTestDatabase, testDatabaseUrl } from '../support/test-database.js';

const dataDir = mkdtempSync(join(tmpdir(), 'folio-cli-'));
// On the PostgreSQL run every command works on this folder's own schema.
before(() => testDatabaseUrl(dataDir));
after(async () => {
  await dropTestDatabase(dataDir);
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs the CLI from source, as `folio --data DIR --json ...`. */
function folio(...args: string[]) {
  const result = spawnSync(process.execPath, [...CLI_ARGS, '--data', dataDir, '--json', ...args], {
    encoding: 'utf8',
    env: cliEnv(dataDir, { FOLIO_LOG_LEVEL: 'silent' }),
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Exactly one JSON object on stdout. */
function json(result: ReturnType<typeof folio>): Record<string, unknown> {
  assert.equal(result.status, 0, result.stderr);
  const lines = result.stdout.trim().split('\n');
  assert.equal(lines.length, 1, `one line of JSON, got: ${result.stdout}`);
  const parsed = JSON.parse(lines[0] ?? '') as unknown;
  assert.ok(parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed));
  return parsed as Record<string, unknown>;
}

function fails(result: ReturnType<typeof folio>, pattern: RegExp) {
  assert.notEqual(result.status, 0);
  assert.equal(result.stdout, '');
  const lines = result.stderr.trim().split('\n');
  assert.equal(lines.length, 1, `one line on stderr, got: ${result.stderr}`);
  assert.match(lines[0] ?? '', pattern);
}

let orgId = '';
let adminId = '';
let viewerId = '';
let workspaceId = 0;

describe('folio CLI', () => {
  before(() => {
    json(folio('init'));
    const org = json(folio('org', 'create', '--name', 'Acme LLP'));
    orgId = String(org.id);
    adminId = String(json(folio('user', 'create', '--org', orgId, '--email', 'ada@acme.test', '--name', 'Ada', '--org-admin')).id);
    viewerId = String(json(folio('user', 'create', '--org', orgId, '--email', 'vic@acme.test', '--name', 'Vic')).id);
  });

  test('org create prints {id, name, created_at}', () => {
    const org = json(folio('org', 'create', '--name', 'Other'));
    assert.deepEqual(Object.keys(org).sort(), ['created_at', 'id', 'name']);
    assert.match(String(org.id), /^[0-9a-f-]{36}$/);
  });

  test('user create prints {id, email, name, org_id}', () => {
    const user = json(folio('user', 'create', '--org', orgId, '--email', 'Bob@Acme.test', '--name', 'Bob'));
    assert.equal(user.email, 'bob@acme.test');
    assert.equal(user.org_id, orgId);
    fails(folio('user', 'create', '--org', orgId, '--email', 'bob@acme.test', '--name', 'Bob'), /already exists/);
  });

  test('workspace create and update print the Workspace as the API returns it', () => {
    const ws = json(
      folio('workspace', 'create', '--org', orgId, '--owner', adminId, '--name', 'Falcon', '--type', 'vdr', '--description', 'Data room',
        '--public', '--external', '--valid-until', '2030-01-01T00:00:00Z', '--deal', '{"buy_side_party":"Acme","matter_id":7}'),
    );
    workspaceId = Number(ws.workspace_id);
    assert.equal(ws.workspace_type, 'vdr');
    assert.equal(ws.is_public, true);
    assert.equal(ws.is_external, true);
    assert.equal(ws.valid_until, '2030-01-01T00:00:00.000Z');
    assert.deepEqual(ws.deal, { buy_side_party: 'Acme', matter_id: 7 });
    const updated = json(folio('workspace', 'update', String(workspaceId), '--index-frozen', 'true', '--valid-until', 'none', '--deal', 'none', '--name', 'Falcon II'));
    assert.equal(updated.index_frozen, true);
    assert.equal(updated.valid_until, null);
    assert.equal(updated.name, 'Falcon II');
    assert.ok(!('deal' in updated));
    fails(folio('workspace', 'update', '99999', '--name', 'x'), /workspace 99999 not found/);
    fails(folio('workspace', 'create', '--org', orgId, '--owner', adminId, '--name', 'X', '--deal', '{"matter_id":"seven"}'), /deal must be/);
  });

  test('members, directories and projects', () => {
    const ws = json(folio('workspace', 'create', '--org', orgId, '--owner', adminId, '--name', 'Reviews'));
    const id = String(ws.workspace_id);
    json(folio('member', 'add', '--workspace', id, '--user', viewerId, '--role', 'viewer'));
    fails(folio('member', 'add', '--workspace', id, '--user', viewerId, '--role', 'boss'), /role must be one of/);
    const dir = json(folio('directory', 'create', '--workspace', id, '--name', 'Leases'));
    assert.deepEqual(Object.keys(dir).sort(), ['id', 'name', 'parent_directory_id', 'workspace_id']);
    const sub = json(folio('directory', 'create', '--workspace', id, '--name', '2024', '--parent', String(dir.id)));
    assert.equal(sub.parent_directory_id, dir.id);
    const project = json(folio('project', 'create', '--workspace', id, '--name', 'Lease review', '--type', 'table'));
    assert.equal(project.project_type, 'table');
    assert.deepEqual(project.rows, []);
    const column = json(folio('project', 'add-column', '--project', String(project.id), '--title', 'Term', '--query', 'What is the term?'));
    assert.equal(column.column_title, 'Term');
    assert.equal(column.display_order, 0);
    const row = json(folio('project', 'add-row', '--project', String(project.id), '--files', ''));
    assert.deepEqual(row.uploaded_file_ids, []);
    fails(folio('project', 'add-row', '--project', String(project.id), '--files', '12345'), /files not in this workspace: 12345/);
    json(folio('member', 'remove', '--workspace', id, '--user', viewerId));
  });

  test('key create shows the secret once; list never does; revoke stamps revoked_at', () => {
    const created = json(folio('key', 'create', '--org', orgId, '--created-by', adminId, '--name', 'ci', '--scopes', 'workspaces:read,query:run', '--rate-limit', '500'));
    assert.match(String(created.key), /^folio_live_[0-9A-Za-z]{40}$/);
    assert.equal(created.display_prefix, String(created.key).slice(0, 16));
    assert.deepEqual(created.scopes, ['workspaces:read', 'query:run']);
    assert.equal(created.workspace_id, null);
    assert.equal(created.rate_limit, 500);
    const listed = json(folio('key', 'list', '--org', orgId));
    const text = JSON.stringify(listed);
    assert.ok(!text.includes(String(created.key)), 'no secret in the list');
    assert.ok(!text.includes('key_hash'));
    const revoked = json(folio('key', 'revoke', String(created.id)));
    assert.ok(revoked.revoked_at);
  });

  test('key permissions: org-scoped needs an org admin; bound needs a manager of the workspace', () => {
    fails(folio('key', 'create', '--org', orgId, '--created-by', viewerId, '--name', 'x', '--scopes', 'workspaces:read'), /org admin/);
    const ws = json(folio('workspace', 'create', '--org', orgId, '--owner', adminId, '--name', 'Bound'));
    json(folio('member', 'add', '--workspace', String(ws.workspace_id), '--user', viewerId, '--role', 'editor'));
    fails(folio('key', 'create', '--org', orgId, '--created-by', viewerId, '--name', 'x', '--scopes', 'workspaces:read', '--workspace', String(ws.workspace_id)), /manage/);
    json(folio('member', 'add', '--workspace', String(ws.workspace_id), '--user', viewerId, '--role', 'admin'));
    const bound = json(folio('key', 'create', '--org', orgId, '--created-by', viewerId, '--name', 'x', '--scopes', 'documents:write', '--workspace', String(ws.workspace_id)));
    assert.equal(bound.workspace_id, ws.workspace_id);
    fails(folio('key', 'create', '--org', orgId, '--created-by', adminId, '--name', 'x', '--scopes', 'admin:all'), /unknown scope admin:all/);
  });

  test('errors: nonzero exit, one line on stderr, nothing on stdout', () => {
    fails(folio('user', 'create', '--org', '00000000-0000-0000-0000-000000000000', '--email', 'a@b.c', '--name', 'A'), /organization .* not found/);
    fails(folio('org', 'create'), /required option/);
    fails(folio('nonsense'), /unknown command/);
  });
});

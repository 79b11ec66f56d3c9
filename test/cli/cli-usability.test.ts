import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import type { Command } from 'commander';
import { buildProgram } from '../../src/cli/program.js';
import { CLI_ARGS, cliEnv } from '../support/cli-process.js';
import { dropTestDatabase, testDatabaseUrl } from '../support/test-database.js';

const root = mkdtempSync(join(tmpdir(), 'folio-cli-use-'));
after(() => rmSync(root, { recursive: true, force: true }));

function folio(dataDir: string, ...args: string[]) {
  const result = spawnSync(process.execPath, [...CLI_ARGS, '--data', dataDir, ...args], {
    encoding: 'utf8',
    env: cliEnv(dataDir, { FOLIO_LOG_LEVEL: 'silent' }),
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function json(dataDir: string, ...args: string[]): Record<string, unknown> {
  const result = folio(dataDir, '--json', ...args);
  assert.equal(result.status, 0, result.stderr);
  const lines = result.stdout.trim().split('\n');
  assert.equal(lines.length, 1, result.stdout);
  return JSON.parse(lines[0] ?? '') as Record<string, unknown>;
}

/** Every command of the tree, with its path ("key create"). */
function commands(command: Command, prefix = ''): Array<[string, Command]> {
  return command.commands
    .filter((c) => c.name() !== 'help')
    .flatMap((c) => [[`${prefix}${c.name()}`, c] as [string, Command], ...commands(c, `${prefix}${c.name()} `)]);
}

describe('the operator CLI as a new user meets it', () => {
  test('every command and option is described, and required options say so', async () => {
    const program = await buildProgram(['node', 'folio'], true);
    const all = commands(program);
    for (const name of ['org list', 'user list', 'workspace list', 'member list', 'key list', 'import documents', 'document delete', 'directory delete', 'init', 'migrate']) {
      assert.ok(all.some(([path]) => path === name), `folio ${name} exists`);
    }
    for (const [path, command] of all) {
      assert.notEqual(command.description(), '', `folio ${path} has a description`);
      for (const option of command.options) {
        assert.notEqual(option.description, '', `folio ${path} ${option.flags} has a description`);
        if (option.mandatory) assert.match(option.description, /\(required\)/, `folio ${path} ${option.flags} is marked required`);
      }
    }
    const help = folio(root, 'workspace', 'create', '--help');
    assert.equal(help.status, 0);
    assert.match(help.stdout, /--org <org>\s+organization id \(required\)/);
  });

  test('folio --help lists every group without touching the data folder', () => {
    const dataDir = join(root, 'untouched');
    const help = folio(dataDir, '--help');
    assert.equal(help.status, 0);
    for (const group of ['serve', 'init', 'migrate', 'migrate-data', 'org', 'user', 'workspace', 'member', 'directory', 'document', 'key', 'import']) {
      assert.match(help.stdout, new RegExp(`\\n  ${group} `));
    }
    assert.equal(existsSync(dataDir), false);
  });

  test('an unknown option is an error that names it; with --json the error is one JSON object on stderr', () => {
    const plain = folio(root, 'org', 'list', '--colour');
    assert.equal(plain.status, 1);
    assert.equal(plain.stdout, '');
    assert.match(plain.stderr.trim(), /^folio: unknown option '--colour'$/);
    const asJson = folio(root, '--json', 'workspace', 'list', '--org', 'x', '--limit', '5');
    assert.equal(asJson.status, 1);
    assert.equal(asJson.stdout, '');
    const lines = asJson.stderr.trim().split('\n');
    assert.equal(lines.length, 1);
    const error = JSON.parse(lines[0] ?? '') as { error: string; code: string };
    assert.match(error.error, /unknown option '--limit'/);
    const missing = JSON.parse(folio(root, '--json', 'user', 'list').stderr) as { error: string };
    assert.match(missing.error, /required option '--org <org>'/);
  });

  test('an admin command on a folder without a database says so, exits 1 and creates nothing; init creates one', () => {
    const dataDir = join(root, 'typo');
    const result = folio(dataDir, 'org', 'create', '--name', 'Acme');
    assert.equal(result.status, 1);
    assert.match(result.stderr, /no Folio database in .*typo.*folio init/);
    const asJson = JSON.parse(folio(dataDir, '--json', 'org', 'list').stderr) as { code: string };
    assert.equal(asJson.code, 'cli.no_database');
    assert.equal(existsSync(join(dataDir, 'folio.db')), false);

    const created = json(dataDir, 'init');
    assert.equal(created.created, true);
    assert.ok((created.applied as string[]).length > 0);
    assert.deepEqual(json(dataDir, 'migrate').applied, []);
    assert.deepEqual(json(dataDir, 'org', 'list'), { orgs: [] });
  });

  test('list commands for orgs, users, workspaces, members and keys', async (t) => {
    const dataDir = join(root, 'lists');
    // On the PostgreSQL run this folder's commands work on its own schema, created empty here.
    await testDatabaseUrl(dataDir);
    t.after(() => dropTestDatabase(dataDir));
    const created = json(dataDir, 'init');
    assert.equal(created.created, true);
    assert.deepEqual(json(dataDir, 'migrate').applied, []);
    const org = String(json(dataDir, 'org', 'create', '--name', 'Acme LLP').id);
    const ada = String(json(dataDir, 'user', 'create', '--org', org, '--email', 'ada@acme.test', '--name', 'Ada', '--org-admin').id);
    const bob = String(json(dataDir, 'user', 'create', '--org', org, '--email', 'bob@acme.test', '--name', 'Bob').id);
    const ws = Number(json(dataDir, 'workspace', 'create', '--org', org, '--owner', ada, '--name', 'Falcon', '--type', 'vdr').workspace_id);
    json(dataDir, 'member', 'add', '--workspace', String(ws), '--user', bob, '--role', 'viewer');
    const key = json(dataDir, 'key', 'create', '--org', org, '--created-by', ada, '--name', 'laptop', '--scopes', 'workspaces:read');

    assert.deepEqual((json(dataDir, 'org', 'list').orgs as Array<{ name: string }>).map((o) => o.name), ['Acme LLP']);
    assert.deepEqual((json(dataDir, 'user', 'list', '--org', org).users as Array<{ email: string }>).map((u) => u.email), ['ada@acme.test', 'bob@acme.test']);
    assert.deepEqual((json(dataDir, 'workspace', 'list', '--org', org).workspaces as Array<{ workspace_id: number; name: string }>).map((w) => [w.workspace_id, w.name]), [[ws, 'Falcon']]);
    assert.deepEqual(
      (json(dataDir, 'member', 'list', '--workspace', String(ws)).members as Array<{ user_id: string; role: string }>).map((m) => [m.user_id, m.role]).sort(),
      [[ada, 'owner'], [bob, 'viewer']].sort(),
    );
    const keys = json(dataDir, 'key', 'list', '--org', org).keys as Array<{ id: string; key?: string }>;
    assert.deepEqual(keys.map((k) => k.id), [key.id]);
    assert.equal(keys[0]?.key, undefined, 'a listing never shows the secret');

    const text = folio(dataDir, 'workspace', 'list', '--org', org);
    assert.equal(text.status, 0);
    assert.match(text.stdout, new RegExp(`^${ws}  Falcon  \\(vdr\\)$`, 'm'));
    assert.match(folio(dataDir, 'member', 'list', '--workspace', '999').stderr, /workspace 999 not found/);
  });
});

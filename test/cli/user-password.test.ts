import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { CLI_ARGS, cliEnv, initTestFolder, openFolderStore } from '../support/cli-process.js';
import { dropTestDatabase } from '../support/test-database.js';
import { verifyPassword } from '../../src/modules/sessions/passwords.js';

const dataDir = mkdtempSync(join(tmpdir(), 'folio-cli-pw-'));
before(() => initTestFolder(dataDir));
after(async () => {
  await dropTestDatabase(dataDir);
  rmSync(dataDir, { recursive: true, force: true });
});

function folio(args: string[], input?: string) {
  return spawnSync(process.execPath, [...CLI_ARGS, '--data', dataDir, '--json', ...args], {
    encoding: 'utf8',
    input: input ?? '',
    env: cliEnv(dataDir, { FOLIO_LOG_LEVEL: 'silent' }),
  });
}

async function storedHash(userId: string): Promise<string | null> {
  const opened = await openFolderStore(dataDir);
  try {
    const row = await opened.store.db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow();
    return row.password_hash;
  } finally {
    await opened.close();
  }
}

test('user create --password and user set-password (from --password or standard input) store a scrypt hash', async () => {
  const org = JSON.parse(folio(['org', 'create', '--name', 'Acme']).stdout) as { id: string };
  const created = folio(['user', 'create', '--org', org.id, '--email', 'ada@acme.test', '--name', 'Ada', '--password', 'first-password']);
  assert.equal(created.status, 0, created.stderr);
  const user = JSON.parse(created.stdout) as { id: string };
  assert.ok(!created.stdout.includes('first-password') && !created.stdout.includes('scrypt'));
  assert.equal(await verifyPassword('first-password', (await storedHash(user.id)) ?? ''), true);

  const piped = folio(['user', 'set-password', '--user', user.id], 'second-password\n');
  assert.equal(piped.status, 0, piped.stderr);
  assert.deepEqual(JSON.parse(piped.stdout), { user_id: user.id, password_set: true });
  assert.equal(await verifyPassword('second-password', (await storedHash(user.id)) ?? ''), true);

  assert.equal(folio(['user', 'set-password', '--user', user.id, '--password', 'third-password']).status, 0);
  assert.equal(await verifyPassword('third-password', (await storedHash(user.id)) ?? ''), true);

  const short = folio(['user', 'set-password', '--user', user.id, '--password', 'short']);
  assert.notEqual(short.status, 0);
  assert.match(short.stderr, /at least 8/);
  const tooShort = folio(['user', 'create', '--org', org.id, '--email', 'bo@acme.test', '--name', 'Bo', '--password', 'short']);
  assert.notEqual(tooShort.status, 0);
  assert.equal(folio(['user', 'create', '--org', org.id, '--email', 'bo@acme.test', '--name', 'Bo']).status, 0, 'the refused create left no user behind');
  const missing = folio(['user', 'set-password', '--user', '00000000-0000-4000-8000-000000000000', '--password', 'long-enough']);
  assert.notEqual(missing.status, 0);
  assert.match(missing.stderr, /not found/);
});

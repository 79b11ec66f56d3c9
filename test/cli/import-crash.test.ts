import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { CLI_ARGS, cliEnv, initTestFolder, openFolderStore, serveProcess, stopProcess } from '../support/cli-process.js';
import { dropTestDatabase } from '../support/test-database.js';
import { cliTenant } from '../support/tenant-process.js';

const publication = join('src', 'modules', 'statutes', 'importers', '__fixtures__', 'dc', '2024-10-20');
const importArgs = (dataDir: string) => [...CLI_ARGS, '--data', dataDir, '--json', 'import', 'statutes', '--jurisdiction', 'DC', '--format', 'dc', '--published', '2024-10-20', publication];

/** Starts the import, waits until it is inside its versions phase (test hook), and kills it with SIGKILL. */
async function killDuringVersions(dataDir: string): Promise<void> {
  const child = spawn(process.execPath, importArgs(dataDir), {
    env: cliEnv(dataDir, { FOLIO_TEST_IMPORT_KILL_POINT: 'versions', FOLIO_IMPORT_BATCH_SIZE: '2' }),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (stderr.includes('kill point: versions')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`import exited (${String(code)}) before its kill point: ${stderr}`)));
  });
  child.kill('SIGKILL');
  await exited;
}

const versionCount = async (dataDir: string) => {
  const opened = await openFolderStore(dataDir);
  try {
    const row = await opened.store.db.selectFrom('statute_versions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  } finally {
    await opened.close();
  }
};

test('an import killed in its versions phase leaves no version served; running it again completes it', { timeout: 240_000 }, async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'folio-import-crash-'));
  await initTestFolder(dataDir);
  let server: Awaited<ReturnType<typeof serveProcess>> | undefined;
  try {
    const { key } = cliTenant(dataDir, 'statutes:read');
    await killDuringVersions(dataDir);
    assert.equal(await versionCount(dataDir), 0, 'the versions written before the kill were rolled back');

    server = await serveProcess(dataDir);
    const section = (citation: string) => fetch(`${server!.url}/v1/statute/${encodeURIComponent(citation)}`, { headers: { authorization: `Bearer ${key}` } });
    for (const citation of ['D.C. Code § 42-101', 'D.C. Code § 46-411', 'D.C. Code § 29-104.03']) {
      assert.notEqual((await section(citation)).status, 200, `${citation} is not served half-imported`);
    }

    const rerun = spawnSync(process.execPath, importArgs(dataDir), { encoding: 'utf8', env: cliEnv(dataDir, { FOLIO_IMPORT_BATCH_SIZE: '2' }) });
    assert.equal(rerun.status, 0, rerun.stderr);
    const summary = JSON.parse(rerun.stdout) as { versions_new: number; sections_seen: number };
    assert.equal(summary.sections_seen, 6);
    assert.equal(await versionCount(dataDir), summary.versions_new);
    for (const citation of ['D.C. Code § 42-101', 'D.C. Code § 46-411', 'D.C. Code § 29-104.03']) {
      assert.equal((await section(citation)).status, 200, citation);
    }
  } finally {
    if (server) await stopProcess(server.child);
    await dropTestDatabase(dataDir);
    rmSync(dataDir, { recursive: true, force: true });
  }
});

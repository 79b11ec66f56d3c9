import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { CLI_ARGS, cliEnv, openFolderStore, serveProcess, stopProcess } from '../support/cli-process.js';
import { dropTestDatabase, existingTestDatabaseUrl, testDatabaseUrl } from '../support/test-database.js';

const root = mkdtempSync(join(tmpdir(), 'folio-import-'));
const dataDir = join(root, 'data');
const deals = join(root, 'deals');
const fixtures = 'src/modules/documents/extraction/__fixtures__';
after(async () => {
  await dropTestDatabase(dataDir);
  rmSync(root, { recursive: true, force: true });
});

function folio(...args: string[]) {
  const result = spawnSync(process.execPath, [...CLI_ARGS, '--data', dataDir, ...args], {
    encoding: 'utf8',
    env: cliEnv(dataDir, { FOLIO_LOG_LEVEL: 'silent' }),
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function json(...args: string[]): Record<string, unknown> {
  const result = folio('--json', ...args);
  assert.equal(result.status, 0, result.stderr);
  return JSON.parse(result.stdout) as Record<string, unknown>;
}

interface Summary {
  files: number;
  bytes: number;
  imported: number;
  skipped: number;
  pending: number;
  failed: Array<{ path: string; reason: string }>;
}

function importJson(...args: string[]): { status: number | null; summary: Summary } {
  const result = folio('--json', 'import', 'documents', '--workspace', String(workspaceId), ...args);
  const lines = result.stdout.trim().split('\n');
  assert.equal(lines.length, 1, `one JSON object on stdout, got: ${result.stdout} / ${result.stderr}`);
  return { status: result.status, summary: JSON.parse(lines[0] ?? '') as Summary };
}

/** The workspace's tree as paths ("deals/alpha/a.txt") with each file's status, read from the database. */
async function tree(): Promise<Map<string, string>> {
  const opened = await openFolderStore(dataDir);
  try {
    const dirs = await opened.store.documents.listDirectories(workspaceId);
    const byId = new Map(dirs.map((d) => [d.id, d]));
    const pathOf = (id: number | null): string => {
      const dir = id === null ? undefined : byId.get(id);
      return dir ? `${pathOf(dir.parent_directory_id)}${dir.name}/` : '';
    };
    const out = new Map<string, string>();
    for (const d of dirs) out.set(pathOf(d.id), 'directory');
    for (const f of await opened.store.documents.listFiles(workspaceId)) out.set(pathOf(f.parent_directory_id) + f.file_name, f.status);
    return out;
  } finally {
    await opened.close();
  }
}

let workspaceId = 0;

describe('folio import documents', () => {
  before(async () => {
    await testDatabaseUrl(dataDir);
    mkdirSync(join(deals, 'alpha'), { recursive: true });
    mkdirSync(join(deals, 'beta', 'empty'), { recursive: true });
    writeFileSync(join(deals, 'alpha', 'supply.txt'), 'The Supplier shall deliver the Goods within thirty (30) days of each Purchase Order.\n');
    writeFileSync(join(deals, 'alpha', 'nda.txt'), 'The Recipient shall hold all Confidential Information in strict confidence for five (5) years.\n');
    copyFileSync(join(fixtures, 'lease.docx'), join(deals, 'beta', 'lease.docx'));
    copyFileSync(join(fixtures, 'text.pdf'), join(deals, 'beta', 'terms.pdf'));
    copyFileSync(join(fixtures, 'truncated.pdf'), join(deals, 'beta', 'broken.pdf'));
    json('init');
    const org = json('org', 'create', '--name', 'Acme LLP');
    const owner = json('user', 'create', '--org', String(org.id), '--email', 'ada@acme.test', '--name', 'Ada');
    workspaceId = Number(json('workspace', 'create', '--org', String(org.id), '--owner', String(owner.id), '--name', 'Falcon', '--type', 'vdr').workspace_id);
  });

  test('a folder becomes a directory tree, every file is processed, and the corrupt one fails alone', async () => {
    const { status, summary } = importJson(deals);
    assert.equal(status, 1, 'a failed file makes the exit status 1');
    assert.equal(summary.files, 5);
    assert.equal(summary.imported, 4);
    assert.equal(summary.skipped, 0);
    assert.equal(summary.pending, 0);
    assert.equal(summary.failed.length, 1);
    assert.match(summary.failed[0]?.path ?? '', /beta[/\\]broken\.pdf$/);
    assert.match(summary.failed[0]?.reason ?? '', /PDF/);
    assert.deepEqual(
      Object.fromEntries(await tree()),
      {
        'deals/': 'directory',
        'deals/alpha/': 'directory',
        'deals/beta/': 'directory',
        'deals/beta/empty/': 'directory',
        'deals/alpha/nda.txt': 'ready',
        'deals/alpha/supply.txt': 'ready',
        'deals/beta/lease.docx': 'ready',
        'deals/beta/terms.pdf': 'ready',
        'deals/beta/broken.pdf': 'failed',
      },
    );
  });

  test('a rerun changes nothing and reports the same failure', async () => {
    const before = await tree();
    const { status, summary } = importJson(deals);
    assert.equal(status, 1);
    assert.deepEqual({ ...summary, failed: summary.failed.length }, { files: 5, bytes: summary.bytes, imported: 0, skipped: 4, pending: 0, failed: 1 });
    assert.deepEqual(await tree(), before);
  });

  test('a file added later is picked up by the next run, into the directory that exists', async () => {
    writeFileSync(join(deals, 'alpha', 'amendment.txt'), 'This Amendment extends the Term of the Agreement by twelve (12) months.\n');
    rmSync(join(deals, 'beta', 'broken.pdf'));
    const { status, summary } = importJson(deals);
    assert.equal(status, 0, JSON.stringify(summary));
    assert.equal(summary.imported, 1);
    assert.equal(summary.skipped, 4);
    assert.deepEqual(summary.failed, []);
    const after = await tree();
    assert.equal(after.get('deals/alpha/amendment.txt'), 'ready');
    assert.equal([...after.values()].filter((v) => v === 'directory').length, 4, 'no twin directories');
  });

  test('--no-wait without a server leaves the jobs queued; the next run finishes them', async () => {
    const extra = join(root, 'later.txt');
    writeFileSync(extra, 'The Licensee shall pay a royalty of five percent (5%) of Net Sales each quarter.\n');
    const queued = importJson('--no-wait', extra);
    assert.equal(queued.status, 0);
    assert.equal(queued.summary.imported, 1);
    assert.equal(queued.summary.pending, 1);
    assert.equal((await tree()).get('later.txt'), 'processing');
    const finished = importJson(extra);
    assert.equal(finished.status, 0);
    assert.deepEqual({ skipped: finished.summary.skipped, pending: finished.summary.pending }, { skipped: 1, pending: 0 });
    assert.equal((await tree()).get('later.txt'), 'ready');
  });

  test('an unknown path, a file over the upload limit and an unknown directory are reported', async () => {
    const big = join(root, 'big.txt');
    writeFileSync(big, 'The Company shall indemnify the Director. '.repeat(10));
    const result = folio('import', 'documents', '--workspace', String(workspaceId), join(root, 'missing'), big);
    assert.equal(result.status, 1);
    assert.match(result.stdout, /failed: .*missing: no such file or folder/);
    const limited = spawnSync(process.execPath, [...CLI_ARGS, '--data', dataDir, '--json', 'import', 'documents', '--workspace', String(workspaceId), big], {
      encoding: 'utf8',
      env: cliEnv(dataDir, { FOLIO_MAX_UPLOAD_BYTES: '100' }),
    });
    assert.equal(limited.status, 1);
    assert.match((JSON.parse(limited.stdout) as Summary).failed[0]?.reason ?? '', /File too large/);
    const noDir = folio('--json', 'import', 'documents', '--workspace', String(workspaceId), '--parent-directory', '999999', big);
    assert.equal(noDir.status, 1);
    assert.equal(noDir.stdout, '');
    assert.match((JSON.parse(noDir.stderr) as { error: string }).error, /directory in this workspace 999999 not found/);
  });

  test('beside a running server: the import only queues, the server processes, and a second server is refused', async () => {
    const { child } = await serveProcess(dataDir);
    try {
      // One server per SQLite folder; on PostgreSQL several share it by design (the lock is SQLite's only).
      if (!existingTestDatabaseUrl(dataDir)) {
        const second = folio('serve', '--port', '0');
        assert.equal(second.status, 1);
        assert.match(second.stderr, /in use by another folio serve/);
      }

      const side = join(root, 'side-letter');
      mkdirSync(side);
      writeFileSync(join(side, 'letter.txt'), 'The Parties agree that Section 4.2 shall not apply to the Closing.\n');
      const dirs = [...(await tree()).entries()];
      assert.ok(dirs.length > 0);
      const { status, summary } = importJson(side);
      assert.equal(status, 0, JSON.stringify(summary));
      assert.equal(summary.imported, 1);
      assert.equal((await tree()).get('side-letter/letter.txt'), 'ready');
    } finally {
      await stopProcess(child);
    }
  });
  test('folio directory delete and folio document delete remove what the import made', async () => {
    const opened = await openFolderStore(dataDir);
    const dirs = await opened.store.documents.listDirectories(workspaceId);
    const files = await opened.store.documents.listFiles(workspaceId);
    await opened.close();
    const beta = dirs.find((d) => d.name === 'beta');
    const later = files.find((f) => f.file_name === 'later.txt');
    assert.ok(beta && later);

    const refused = folio('--json', 'directory', 'delete', '--workspace', String(workspaceId), String(beta.id));
    assert.equal(refused.status, 1);
    assert.match((JSON.parse(refused.stderr) as { error: string }).error, /^Directory is not empty$/);
    const removed = json('directory', 'delete', '--workspace', String(workspaceId), '--recursive', String(beta.id));
    assert.deepEqual({ files: removed.files, directories: removed.directories }, { files: 3, directories: 2 }, 'lease, terms and the failed broken.pdf, in beta and beta/empty');
    json('document', 'delete', '--workspace', String(workspaceId), String(later.id));
    const left = await tree();
    assert.equal([...left.keys()].some((p) => p.startsWith('deals/beta/') || p === 'later.txt'), false);
    assert.equal(left.get('deals/alpha/nda.txt'), 'ready');
    assert.match(folio('document', 'delete', '--workspace', String(workspaceId), String(later.id)).stderr, /File not found/);
  });
});

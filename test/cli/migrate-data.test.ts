import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { CLI_ARGS, serveProcess, stopProcess } from '../support/cli-process.js';
import { dropTestDatabase, testDatabaseBase, testDatabaseUrl } from '../support/test-database.js';

/*
 * `folio migrate-data` moves a SQLite deployment (built here with the CLI: tenants, a key, a
 * nested document tree ingested by the import, statutes) into PostgreSQL, and a server started on
 * the copy with the same data folder serves the same files, answers, key and sections. Needs
 * PostgreSQL: it runs in `npm run test:pg` and says it was skipped otherwise.
 */
const base = testDatabaseBase();
const root = mkdtempSync(join(tmpdir(), 'folio-migrate-data-'));
const dataDir = join(root, 'data');
const targetDir = join(root, 'target');
const foreignDir = join(root, 'foreign');
const crashDir = join(root, 'crash');
after(async () => {
  await dropTestDatabase(targetDir);
  await dropTestDatabase(foreignDir);
  await dropTestDatabase(crashDir);
  rmSync(root, { recursive: true, force: true });
});

/** The CLI on the SQLite folder (or, with `url`, on that PostgreSQL schema). */
function folio(args: string[], url: string | null = null) {
  const env: NodeJS.ProcessEnv = { ...process.env, FOLIO_LOG_LEVEL: 'silent' };
  delete env.FOLIO_DATABASE_URL;
  if (url) env.FOLIO_DATABASE_URL = url;
  const result = spawnSync(process.execPath, [...CLI_ARGS, '--data', dataDir, '--json', ...args], { encoding: 'utf8', env });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function json(args: string[], url: string | null = null): Record<string, unknown> {
  const result = folio(args, url);
  assert.equal(result.status, 0, result.stderr);
  return JSON.parse(result.stdout) as Record<string, unknown>;
}

type Summary = { rows: number; tables: Record<string, { source: number; target: number }> };

let key = '';
let workspaceId = 0;
let targetUrl = '';

describe('folio migrate-data', { skip: base ? false : 'skipped: needs PostgreSQL (FOLIO_TEST_DATABASE_URL, set by npm run test:pg)' }, () => {
  before(async () => {
    targetUrl = (await testDatabaseUrl(targetDir)) ?? '';
    const deals = join(root, 'deals');
    mkdirSync(join(deals, 'falcon', 'schedules'), { recursive: true });
    writeFileSync(
      join(deals, 'falcon', 'supply.txt'),
      'SUPPLY AGREEMENT. The Supplier shall deliver the Goods within thirty (30) days of each Purchase Order. This Agreement shall be governed by the laws of the State of Delaware.\n',
    );
    writeFileSync(join(deals, 'falcon', 'schedules', 'nda.txt'), 'The Recipient shall hold all Confidential Information in strict confidence for five (5) years.\n');
    json(['init']);
    const org = json(['org', 'create', '--name', 'Acme LLP']);
    const owner = json(['user', 'create', '--org', String(org.id), '--email', 'ada@acme.test', '--name', 'Ada', '--org-admin']);
    workspaceId = Number(json(['workspace', 'create', '--org', String(org.id), '--owner', String(owner.id), '--name', 'Falcon', '--type', 'vdr']).workspace_id);
    key = String(json(['key', 'create', '--org', String(org.id), '--created-by', String(owner.id), '--name', 'k', '--scopes', 'workspaces:read,documents:read,documents:write,query:run,statutes:read']).key);
    const imported = json(['import', 'documents', '--workspace', String(workspaceId), deals]);
    assert.equal(imported.imported, 2, JSON.stringify(imported));
    const statutes = json(['import', 'statutes', '--jurisdiction', 'DC', '--format', 'dc', '--published', '2024-10-20', join('src', 'modules', 'statutes', 'importers', '__fixtures__', 'dc', '2024-10-20')]);
    assert.equal(statutes.versions_new, 6);
  });

  test('copies every row, twice to the same end, and a server on the copy serves the same data', async () => {
    const first = json(['migrate-data', '--from', dataDir, '--to', targetUrl]) as unknown as Summary;
    for (const [table, counts] of Object.entries(first.tables)) assert.equal(counts.target, counts.source, table);
    for (const table of ['orgs', 'users', 'workspaces', 'api_keys', 'directories', 'files', 'file_pages', 'passages', 'statute_sections', 'statute_versions']) {
      assert.ok((first.tables[table]?.source ?? 0) > 0, `the fixture has ${table}`);
    }
    // The planner knows the copied tables (ANALYZE after the bulk load): never analyzed, reltuples is -1.
    const stats = new pg.Client({ connectionString: targetUrl });
    await stats.connect();
    try {
      const { rows } = await stats.query("select reltuples from pg_class where oid = 'statute_sections'::regclass");
      assert.equal(Number(rows[0].reltuples), first.tables.statute_sections?.source);
    } finally {
      await stats.end();
    }
    // Idempotent: a second run (say after an interruption) finds everything there and adds nothing.
    const second = json(['migrate-data', '--from', dataDir, '--to', targetUrl]) as unknown as Summary;
    assert.deepEqual(second.tables, first.tables);

    const sqlite = new BetterSqlite3(join(dataDir, 'folio.db'), { readonly: true });
    const supplyId = Number(sqlite.prepare("select id from files where file_name = 'supply.txt'").pluck().get());
    const citation = String(sqlite.prepare('select citation from statute_sections order by id limit 1').pluck().get());
    const maxFileId = Number(sqlite.prepare('select max(id) from files').pluck().get());
    sqlite.close();

    // The same data folder (its blobs) with the PostgreSQL copy.
    const server = await serveProcess(dataDir, { FOLIO_DATABASE_URL: targetUrl });
    try {
      const auth = { authorization: `Bearer ${key}` };
      const tree = (await (await fetch(`${server.url}/v1/workspaces/${workspaceId}/documents`, { headers: auth })).json()) as { nodes: Array<{ name: string }> };
      assert.ok(JSON.stringify(tree).includes('nda.txt'), JSON.stringify(tree));
      const answer = await fetch(`${server.url}/v1/workspaces/${workspaceId}/query`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ question: 'Which law governs the supply agreement?' }),
      });
      assert.equal(answer.status, 200);
      const body = (await answer.json()) as { answer: string; citations: number[] };
      assert.ok(body.citations.includes(supplyId), JSON.stringify(body));
      assert.match(body.answer, new RegExp(`<<file_id = ${supplyId}>>`));
      const text = (await (await fetch(`${server.url}/v1/workspaces/${workspaceId}/documents/${supplyId}/text`, { headers: auth })).json()) as { pages: Array<{ text: string }> };
      assert.match(text.pages[0]?.text ?? '', /State of Delaware/);
      const section = await fetch(`${server.url}/v1/statute/${encodeURIComponent(citation)}`, { headers: auth });
      assert.equal(section.status, 200, await section.clone().text());
      // New rows continue after the copied ids.
      const form = new FormData();
      form.append('file', new Blob(['The Lease ends on December 31, 2030.']), 'late.txt');
      const upload = await fetch(`${server.url}/v1/workspaces/${workspaceId}/documents`, { method: 'POST', headers: auth, body: form });
      assert.equal(upload.status, 200, await upload.clone().text());
      assert.ok(((await upload.json()) as { file_id: number }).file_id > maxFileId);
    } finally {
      await stopProcess(server.child);
    }
  });

  test('a copy killed mid-way (kill -9) is finished by running it again', async () => {
    const url = (await testDatabaseUrl(crashDir)) ?? '';
    const env: NodeJS.ProcessEnv = { ...process.env, FOLIO_LOG_LEVEL: 'silent', FOLIO_TEST_MIGRATE_KILL_POINT: 'files' };
    delete env.FOLIO_DATABASE_URL;
    const child = spawn(process.execPath, [...CLI_ARGS, '--json', 'migrate-data', '--from', dataDir, '--to', url], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    await new Promise<void>((resolve, reject) => {
      let stderr = '';
      child.stderr?.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        if (stderr.includes('kill point: files')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`migrate-data exited with ${code} before its kill point: ${stderr}`)));
    });
    await stopProcess(child, 'SIGKILL');
    // Killed after the files' first batch committed: the tenants and files are there, the passages not yet.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const count = async (table: string) => Number((await client.query(`select count(*) as n from ${table}`)).rows[0].n);
      assert.equal(await count('workspaces'), 1);
      assert.ok((await count('files')) > 0);
      assert.equal(await count('passages'), 0);
    } finally {
      await client.end();
    }
    const rerun = json(['migrate-data', '--from', dataDir, '--to', url]) as unknown as Summary;
    for (const [table, counts] of Object.entries(rerun.tables)) assert.equal(counts.target, counts.source, table);
  });

  test("refuses a target that holds another deployment's organizations, and a source a server holds", async () => {
    const foreignUrl = (await testDatabaseUrl(foreignDir)) ?? '';
    json(['org', 'create', '--name', 'Other LLP'], foreignUrl);
    const refused = folio(['migrate-data', '--from', dataDir, '--to', foreignUrl]);
    assert.notEqual(refused.status, 0);
    assert.match(refused.stderr, /not in the source/);

    const server = await serveProcess(dataDir, { FOLIO_DATABASE_URL: '' });
    try {
      const busy = folio(['migrate-data', '--from', dataDir, '--to', targetUrl]);
      assert.notEqual(busy.status, 0);
      assert.match(busy.stderr, /in use/);
    } finally {
      await stopProcess(server.child);
    }
    assert.notEqual(folio(['migrate-data', '--from', dataDir, '--to', 'mysql://x']).status, 0);
  });
});

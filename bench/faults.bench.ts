/**
 * `npm run bench:faults`: kills the compiled server with SIGKILL at random points, 20 times (set
 * FAULT_ROUNDS to change), while uploads with idempotency keys are in flight and, every other round,
 * while a `folio import statutes` runs (killed too). After each restart it checks the invariants of
 * issue 14 and prints what it saw. Exits 1 when an invariant was violated (the violations are
 * printed), 0 otherwise; it measures nothing.
 *
 * Invariants, checked after every restart:
 * - every acknowledged upload (a 200 answer) is present, ends `ready`, has its blob and passages;
 * - every idempotency key of an unanswered upload is retryable: the retry answers 200, not 409;
 * - no half import: a publication either is not there and the corpus is as before the round, or
 *   it is there and running the same import again changes nothing.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { buildProduction, spawnCompiledServer } from './support/production-server.js';

const ROUNDS = Number(process.env.FAULT_ROUNDS ?? 20);
const publication = join('src', 'modules', 'statutes', 'importers', '__fixtures__', 'dc', '2024-10-20');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const violations: string[] = [];
const violate = (message: string) => {
  violations.push(message);
  console.log(`  VIOLATION: ${message}`);
};

function folio(dataDir: string, args: string[]): Record<string, unknown> {
  const result = spawnSync(process.execPath, ['bin/folio.js', '--data', dataDir, '--json', ...args], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`folio ${args.join(' ')}: ${result.stderr}`);
  return JSON.parse(result.stdout) as Record<string, unknown>;
}

function serve(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  return spawnCompiledServer(dataDir, { FOLIO_LOG_LEVEL: 'silent', FOLIO_UPLOAD_READY_WAIT_MS: String(Math.random() < 0.5 ? 0 : 3000) });
}

function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGKILL');
  return exited;
}

interface Upload {
  idemKey: string;
  content: string;
  fileId?: number;
}

async function postUpload(url: string, key: string, workspaceId: number, u: Upload): Promise<Response> {
  const form = new FormData();
  form.append('file', new Blob([u.content]), `${u.idemKey}.txt`);
  return fetch(`${url}/v1/workspaces/${workspaceId}/documents`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'x-idempotency-key': u.idemKey }, body: form });
}

function readDb<T>(dataDir: string, read: (db: BetterSqlite3.Database) => T): T {
  const db = new BetterSqlite3(join(dataDir, 'folio.db'), { readonly: true, timeout: 30_000 });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

function runImport(dataDir: string, published: string) {
  const result = spawnSync(process.execPath, ['bin/folio.js', '--data', dataDir, '--json', 'import', 'statutes', '--jurisdiction', 'DC', '--format', 'dc', '--published', published, publication], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`import ${published}: ${result.stderr}`);
  return JSON.parse(result.stdout) as { versions_new: number; versions_updated: number; versions_deleted: number };
}

async function waitReady(url: string, key: string, workspaceId: number, fileId: number): Promise<string> {
  const deadline = Date.now() + 300_000;
  for (;;) {
    const body = (await (await fetch(`${url}/v1/workspaces/${workspaceId}/documents/${fileId}`, { headers: { authorization: `Bearer ${key}` } })).json()) as { status?: string; detail?: string };
    if (body.status !== 'processing') return body.status ?? `error ${body.detail ?? ''}`;
    if (Date.now() > deadline) return 'still processing after 300 s';
    await sleep(250);
  }
}

async function main(): Promise<void> {
  buildProduction();
  const dataDir = mkdtempSync(join(tmpdir(), 'folio-faults-'));
  folio(dataDir, ['init']);
  const org = folio(dataDir, ['org', 'create', '--name', 'Faults LLP']);
  const user = folio(dataDir, ['user', 'create', '--org', String(org.id), '--email', 'f@faults.test', '--name', 'F', '--org-admin']);
  const ws = folio(dataDir, ['workspace', 'create', '--org', String(org.id), '--owner', String(user.id), '--name', 'Faults']);
  const workspaceId = Number(ws.workspace_id);
  const { key } = folio(dataDir, ['key', 'create', '--org', String(org.id), '--created-by', String(user.id), '--name', 'f', '--scopes', 'documents:read,documents:write', '--rate-limit', '1000000000']) as { key: string };

  const acknowledged: Upload[] = [];
  const counts = { uploadsSent: 0, acknowledged: 0, unanswered: 0, retriedOk: 0, importsKilled: 0, importsCompletedBeforeKill: 0 };
  let server = await serve(dataDir);
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      const withImport = round % 2 === 0;
      const published = new Date(Date.UTC(2024, 9, 20 + round)).toISOString().slice(0, 10); // a new publication each import round
      const versionsBefore = readDb(dataDir, (db) => Number(db.prepare('select count(*) from statute_versions').pluck().get()));

      // Uploads in flight (and an import), then SIGKILL at a random point.
      const batch: Upload[] = Array.from({ length: 6 }, (_, i) => ({ idemKey: `r${round}-${i}-${randomUUID()}`, content: `Round ${round}, upload ${i}: the Supplier shall deliver within ${i + 1} days. ${'Clause. '.repeat(200 * (i + 1))}` }));
      counts.uploadsSent += batch.length;
      const answers = batch.map((u) =>
        postUpload(server.url, key, workspaceId, u)
          .then(async (r) => (r.status === 200 ? ((await r.json()) as { file_id: number }).file_id : undefined))
          .catch(() => undefined),
      );
      const importer = withImport
        ? spawn(process.execPath, ['bin/folio.js', '--data', dataDir, '--json', 'import', 'statutes', '--jurisdiction', 'DC', '--format', 'dc', '--published', published, publication], { env: { ...process.env, FOLIO_IMPORT_BATCH_SIZE: '1' }, stdio: 'ignore' })
        : null;
      await sleep(Math.random() * 1500);
      await Promise.all([kill(server.child), importer ? kill(importer) : Promise.resolve()]);
      if (importer) {
        if (importer.exitCode === 0) counts.importsCompletedBeforeKill++;
        else counts.importsKilled++;
      }
      const fileIds = await Promise.all(answers);
      const unanswered: Upload[] = [];
      batch.forEach((u, i) => {
        const id = fileIds[i];
        if (id !== undefined) acknowledged.push({ ...u, fileId: id });
        else unanswered.push(u);
      });
      counts.acknowledged += batch.length - unanswered.length;
      counts.unanswered += unanswered.length;

      server = await serve(dataDir);

      // No half import.
      if (withImport) {
        const held = readDb(dataDir, (db) => db.prepare('select 1 from statute_publications where published = ?').get(published) !== undefined);
        const versionsAfter = readDb(dataDir, (db) => Number(db.prepare('select count(*) from statute_versions').pluck().get()));
        if (!held && versionsAfter !== versionsBefore) violate(`round ${round}: publication ${published} absent but versions went ${versionsBefore} -> ${versionsAfter}`);
        const rerun = runImport(dataDir, published);
        if (held && rerun.versions_new + rerun.versions_updated + rerun.versions_deleted !== 0) violate(`round ${round}: publication ${published} was half imported (re-run changed ${JSON.stringify(rerun)})`);
      }

      // Every idempotency key of an unanswered upload is retryable.
      for (const u of unanswered) {
        const response = await postUpload(server.url, key, workspaceId, u);
        if (response.status !== 200) violate(`round ${round}: retry of key ${u.idemKey} answered ${response.status}`);
        else {
          counts.retriedOk++;
          acknowledged.push({ ...u, fileId: ((await response.json()) as { file_id: number }).file_id });
        }
      }

      // Every acknowledged upload is present, ready, with its blob and passages.
      for (const u of acknowledged) {
        const status = await waitReady(server.url, key, workspaceId, u.fileId!);
        if (status !== 'ready') violate(`round ${round}: file ${u.fileId} (${u.idemKey}) is ${status}`);
        const sha = createHash('sha256').update(u.content).digest('hex');
        if (!existsSync(join(dataDir, 'blobs', sha.slice(0, 2), sha.slice(2, 4), sha))) violate(`round ${round}: file ${u.fileId} has no blob`);
        const passages = readDb(dataDir, (db) => Number(db.prepare('select count(*) from passages where file_id = ?').pluck().get(u.fileId)));
        if (passages === 0) violate(`round ${round}: file ${u.fileId} has no passages`);
      }
      console.log(`round ${round}/${ROUNDS}: ${batch.length - unanswered.length} acknowledged, ${unanswered.length} unanswered and retried${withImport ? `, import ${published} ${importer?.exitCode === 0 ? 'finished' : 'killed'}` : ''}; ${acknowledged.length} files checked`);
    }
  } finally {
    await kill(server.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(
    `\nfaults: ${ROUNDS} SIGKILLs; uploads sent ${counts.uploadsSent}, acknowledged before the kill ${counts.acknowledged}, unanswered ${counts.unanswered} (retried with their key: ${counts.retriedOk} answered 200); ` +
      `imports killed ${counts.importsKilled}, finished before the kill ${counts.importsCompletedBeforeKill}; invariant violations: ${violations.length}`,
  );
  if (violations.length > 0) process.exit(1);
}

await main();

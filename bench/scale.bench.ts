/**
 * `npm run bench:scale [-- --docs N] [--keep]`: a data room of N distinct documents (default 20,000), made
 * from the CUAD texts (support/synthetic-room.ts) and written to a temporary folder tree of deals,
 * loaded in stages with `folio import documents` beside the compiled server (the import queues,
 * the server's workers process). After each stage (500, 2,000, 5,000, 20,000, and N) it prints the
 * stage's MB/s and files/s (from the import's start until every file is processed), the server's
 * and the import's peak RSS, database and blob size per 1,000 documents, workspace query p50/p95
 * through HTTP with one client (extractive engine), and the time of the whole document tree
 * (GET .../documents, the seed's default shape): the first read after the import, then the median
 * of 5 more. At the end, the first question after a restart, with the file signals stored at
 * ingestion and without them.
 */
import { spawnSync } from 'node:child_process';
import BetterSqlite3 from 'better-sqlite3';
import { request as httpRequest } from 'node:http';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { missingDataReason, sharedDataPath } from '../test/support/shared-data.js';
import { buildProduction, startProductionServer } from './support/production-server.js';
import { rewriteContract, roomPath } from './support/synthetic-room.js';
import { SCALE_QUESTIONS } from './support/scale-questions.js';

const argv = process.argv.slice(2);
const docsArg = argv.indexOf('--docs');
const DOCS = docsArg >= 0 ? Number(argv[docsArg + 1]) : 20_000;
if (!Number.isInteger(DOCS) || DOCS < 1) throw new Error(`--docs must be a positive integer, got ${argv[docsArg + 1]}`);
/** `--keep`: leave the data folder (printed at the end) to time or profile questions on the built room again: building 20,000 documents takes minutes. */
const KEEP = argv.includes('--keep');
const DOCS_PER_DEAL = 250;
const STAGES = [...new Set([500, 2_000, 5_000, 20_000].filter((n) => n < DOCS).concat(DOCS))];
const QUESTIONS = SCALE_QUESTIONS;

const txtDir = sharedDataPath('documents', 'cuad', 'txt');
if (!txtDir) {
  console.log(`bench:scale SKIPPED: ${missingDataReason('documents', 'cuad')}`);
  process.exit(0);
}

buildProduction();
const names = readdirSync(txtDir).filter((n) => n.endsWith('.txt')).sort();
const bases = names.map((n) => readFileSync(join(txtDir, n), 'utf8'));
const work = mkdtempSync(join(tmpdir(), 'folio-scale-'));
const dataDir = join(work, 'data');
const server = await startProductionServer({ FOLIO_UPLOAD_READY_WAIT_MS: '0' }, 'workspaces:read,documents:read,documents:write,query:run', dataDir);

/** Writes documents [from, to) under <work>/stage-k/deals/... and returns the folder and its bytes. */
function writeStage(stage: number, from: number, to: number): { folder: string; bytes: number } {
  const root = join(work, `stage-${stage}`);
  let bytes = 0;
  for (let i = from; i < to; i++) {
    const base = i % bases.length;
    const path = join(root, ...roomPath(i, DOCS_PER_DEAL, names[base] ?? 'contract.txt'));
    mkdirSync(dirname(path), { recursive: true });
    const text = rewriteContract(bases[base] ?? '', i, DOCS_PER_DEAL);
    writeFileSync(path, text);
    bytes += Buffer.byteLength(text);
  }
  return { folder: join(root, 'deals'), bytes };
}

function sizeOf(path: string): number {
  const info = statSync(path, { throwIfNoEntry: false });
  if (!info) return 0;
  if (!info.isDirectory()) return info.size;
  return readdirSync(path).reduce((sum, name) => sum + sizeOf(join(path, name)), 0);
}

/**
 * Milliseconds of one workspace question. One client, a new connection per question: the import
 * runs for minutes between measurements, and a kept-alive socket the server closed meanwhile
 * would fail the first question.
 */
function ask(question: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const body = JSON.stringify({ question });
    const request = httpRequest(
      `${server.url}/v1/workspaces/${server.workspaceId}/query`,
      { method: 'POST', agent: false, headers: { authorization: `Bearer ${server.key}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (response) => {
        response.resume();
        response.on('end', () => (response.statusCode === 200 ? resolve(performance.now() - started) : reject(new Error(`query: HTTP ${response.statusCode}`))));
      },
    );
    request.on('error', (error) => reject(new Error(`query failed (${error.message}); server exit code ${server.child.exitCode}, signal ${server.child.signalCode}`)));
    request.end(body);
  });
}

async function queryLatencies(): Promise<{ p50: number; p95: number }> {
  for (const q of QUESTIONS.slice(0, 3)) await ask(q);
  const samples: number[] = [];
  for (let round = 0; round < 3; round++) for (const q of QUESTIONS) samples.push(await ask(q));
  samples.sort((a, b) => a - b);
  const at = (p: number) => samples[Math.min(samples.length - 1, Math.floor(p * samples.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95) };
}

/**
 * Milliseconds of the whole document tree: the first read after the import (the server lists the
 * rows; any write empties its cache) and the median of 5 reads after it (served from the cache).
 */
async function treeMs(): Promise<{ first: number; median: number }> {
  const read = async () => {
    const started = performance.now();
    const response = await fetch(`${server.url}/v1/workspaces/${server.workspaceId}/documents`, { headers: { authorization: `Bearer ${server.key}` } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`tree: HTTP ${response.status}`);
    return performance.now() - started;
  };
  const first = await read();
  const times: number[] = [];
  for (let i = 0; i < 5; i++) times.push(await read());
  return { first, median: times.sort((a, b) => a - b)[2] ?? 0 };
}

console.log(`bench:scale: ${DOCS} documents from ${bases.length} CUAD texts, ${DOCS_PER_DEAL} a deal; stages ${STAGES.join(', ')}`);
console.log('docs    | stage MB/s | files/s | server RSS | import RSS | DB MB/1k docs | blobs MB/1k docs | query p50 | query p95 | tree first / cached | failed');
const rows: string[] = [];
try {
  let done = 0;
  for (const [k, target] of STAGES.entries()) {
    const { folder, bytes } = writeStage(k, done, target);
    const started = performance.now();
    // GNU time reports the import's own peak RSS (%M, KB) on stderr's last line.
    const result = spawnSync('/usr/bin/time', ['-f', '%M', process.execPath, 'bin/folio.js', '--data', dataDir, '--json', 'import', 'documents', '--workspace', String(server.workspaceId), folder], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    const seconds = (performance.now() - started) / 1000;
    const summary = JSON.parse(result.stdout) as { imported: number; failed: Array<{ path: string; reason: string }> };
    const importRssMb = Number(result.stderr.trim().split('\n').pop()) / 1024;
    done = target;
    const { p50, p95 } = await queryLatencies();
    const tree = await treeMs();
    const perK = (b: number) => (b / 1e6 / done) * 1000;
    const row = [
      String(done).padEnd(7),
      ((bytes / 1e6) / seconds).toFixed(1).padStart(10),
      ((target - (STAGES[k - 1] ?? 0)) / seconds).toFixed(1).padStart(7),
      `${server.peakRssMb().toFixed(0)} MB`.padStart(10),
      `${importRssMb.toFixed(0)} MB`.padStart(10),
      perK(sizeOf(join(dataDir, 'folio.db')) + sizeOf(join(dataDir, 'folio.db-wal'))).toFixed(1).padStart(13),
      perK(sizeOf(join(dataDir, 'blobs'))).toFixed(1).padStart(16),
      `${p50.toFixed(0)} ms`.padStart(9),
      `${p95.toFixed(0)} ms`.padStart(9),
      `${tree.first.toFixed(0)} / ${tree.median.toFixed(0)} ms`.padStart(19),
      String(summary.failed.length).padStart(6),
    ].join(' | ');
    rows.push(row);
    console.log(row);
    // A benchmark that hides why files failed would only count them.
    for (const f of summary.failed.slice(0, 5)) console.log(`        failed: ${f.path}: ${f.reason}`);
    rmSync(join(work, `stage-${k}`), { recursive: true, force: true });
  }
  // The first question after a start reads what every file's name and opening say (parties,
  // titles). Ingestion stores that now; a room ingested before reads it from the openings. The
  // same room both ways: as ingested, then with the stored rows deleted while the server is down.
  const firstAfterStart = async (whileStopped?: () => void) => {
    await server.restart(whileStopped);
    return ask(QUESTIONS[0] ?? '');
  };
  const stored = await firstAfterStart();
  const unstored = await firstAfterStart(() => {
    const db = new BetterSqlite3(join(dataDir, 'folio.db'));
    db.exec('delete from file_signals');
    db.close();
  });
  console.log(`first question after a start, ${DOCS} documents: ${stored.toFixed(0)} ms with the file signals stored at ingestion, ${unstored.toFixed(0)} ms without them (read from the openings)`);
} finally {
  await server.stop(KEEP);
  if (KEEP) console.log(`kept the data folder: ${dataDir}`);
  else rmSync(work, { recursive: true, force: true });
}

/**
 * `npm run bench:tree [-- --copies N]`: the whole document tree (GET .../documents, the seed's
 * default shape) read by one client while a bulk import is processing, and then on the idle room.
 * The CUAD texts, N copies of each (default 4, about 2,000 files), are queued with
 * `folio import documents --no-wait` beside the compiled server; while the server's workers
 * extract and index them (each batch a commit that leaves the tree as it was), the client reads the
 * tree back to back. Prints p50/p99 of both phases, how many reads each made, and how many files
 * were still processing when the reads stopped, so that the two phases compare in one run. A third
 * phase uploads UPLOADS more files over HTTP one after another while the client reads on: each
 * upload changes the tree, so each read after one finds it changed (the cached tree is extended,
 * not listed again: tree-snapshot.ts).
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import BetterSqlite3 from 'better-sqlite3';
import { missingDataReason, sharedDataPath } from '../test/support/shared-data.js';
import { buildProduction, folio, startProductionServer } from './support/production-server.js';

const { values } = parseArgs({ options: { copies: { type: 'string' } } });
const COPIES = Number(values.copies ?? 4);
/** Reads of the idle room, after processing. */
const IDLE_READS = 200;
/** The longest the reads during processing go on. */
const MAX_PROCESSING_MS = 60_000;
/** Files uploaded one by one in the last phase. */
const UPLOADS = 300;

const txtDir = sharedDataPath('documents', 'cuad', 'txt');
if (!txtDir) {
  console.log(`bench:tree ${missingDataReason('documents/cuad/txt')}`);
  process.exit(0);
}
buildProduction();
const room = mkdtempSync(join(tmpdir(), 'folio-bench-tree-room-'));
const names = readdirSync(txtDir).sort();
for (let copy = 0; copy < COPIES; copy++) {
  const folder = join(room, `deal ${copy + 1}`);
  mkdirSync(folder);
  // Each copy a distinct document: the same bytes twice in one workspace are one file.
  for (const name of names) writeFileSync(join(folder, name), `${readFileSync(join(txtDir, name), 'utf8')}\n\nCopy ${copy + 1}.\n`);
}
const server = await startProductionServer();
const headers = { authorization: `Bearer ${server.key}` };
const treeUrl = `${server.url}/v1/workspaces/${server.workspaceId}/documents`;
const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
/** Per phase: reads that came gzipped (fetch accepts gzip), and the bytes the server sent for them all. */
type Sent = { gzipped: number; bytes: number };
const readTree = async (sent?: Sent): Promise<{ ms: number; files: number }> => {
  const started = performance.now();
  const response = await fetch(treeUrl, { headers });
  const body = (await response.json()) as { nodes: Array<{ type: string }> };
  if (response.status !== 200) throw new Error(`tree: HTTP ${response.status}`);
  if (sent) {
    if (response.headers.get('content-encoding') === 'gzip') sent.gzipped++;
    sent.bytes += Number(response.headers.get('content-length') ?? 0);
  }
  return { ms: performance.now() - started, files: body.nodes.filter((n) => n.type === 'file').length };
};
const describeSent = (sent: Sent, reads: number) => `${sent.gzipped} gzipped, ${(sent.bytes / Math.max(1, reads) / 1024).toFixed(0)} KB sent per read`;
// Read from the data folder's database beside the server, as `folio` would.
const database = new BetterSqlite3(join(server.dataDir, 'folio.db'), { readonly: true });
const processingCount = database.prepare("select count(*) from files where workspace_id = ? and status = 'processing'").pluck();
const processing = () => Number(processingCount.get(server.workspaceId));

try {
  const imported = folio(server.dataDir, ['import', 'documents', '--workspace', String(server.workspaceId), '--no-wait', room]) as { imported?: number };
  console.log(`queued ${imported.imported ?? '?'} files (${COPIES} copies of ${names.length} CUAD texts)`);
  const during: number[] = [];
  const duringSent: Sent = { gzipped: 0, bytes: 0 };
  const until = performance.now() + MAX_PROCESSING_MS;
  let files = 0;
  // Reads until the last file is processed: a file counts in the tree from its upload on, so the
  // tree is complete here; only its processing goes on.
  for (let i = 0; performance.now() < until; i++) {
    const read = await readTree(duringSent);
    during.push(read.ms);
    files = read.files;
    if (i % 50 === 49 && processing() === 0) break;
  }
  const left = processing();
  const idle: number[] = [];
  const idleSent: Sent = { gzipped: 0, bytes: 0 };
  for (let i = 0; i < IDLE_READS; i++) idle.push((await readTree(idleSent)).ms);
  // Uploads one at a time, with the reads going on beside them until the last upload is answered.
  let uploading = true;
  const whileUploading: number[] = [];
  const uploadingSent: Sent = { gzipped: 0, bytes: 0 };
  const reads = (async () => {
    while (uploading) whileUploading.push((await readTree(uploadingSent)).ms);
  })();
  const uploadStarted = performance.now();
  for (let i = 0; i < UPLOADS; i++) {
    const name = names[i % names.length]!;
    const form = new FormData();
    form.append('file', new Blob([`${readFileSync(join(txtDir, name), 'utf8')}\n\nUploaded copy ${i}.\n`]), `uploads/${name}`);
    const response = await fetch(`${server.url}/v1/workspaces/${server.workspaceId}/documents`, { method: 'POST', headers, body: form });
    if (response.status !== 200) throw new Error(`upload: HTTP ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
  }
  const uploadSeconds = (performance.now() - uploadStarted) / 1000;
  uploading = false;
  await reads;
  during.sort((a, b) => a - b);
  idle.sort((a, b) => a - b);
  whileUploading.sort((a, b) => a - b);
  console.log(`tree of ${files} files, while processing: ${during.length} reads, p50 ${percentile(during, 0.5).toFixed(1)} ms, p99 ${percentile(during, 0.99).toFixed(1)} ms, ${describeSent(duringSent, during.length)} (${left} files still processing at the end)`);
  console.log(`tree of ${files} files, idle room:        ${idle.length} reads, p50 ${percentile(idle, 0.5).toFixed(1)} ms, p99 ${percentile(idle, 0.99).toFixed(1)} ms, ${describeSent(idleSent, idle.length)}`);
  console.log(
    `tree of ${files}-${files + UPLOADS} files, while ${UPLOADS} uploads arrive one by one (${(UPLOADS / uploadSeconds).toFixed(1)}/s): ${whileUploading.length} reads, p50 ${percentile(whileUploading, 0.5).toFixed(1)} ms, p99 ${percentile(whileUploading, 0.99).toFixed(1)} ms, ${describeSent(uploadingSent, whileUploading.length)}`,
  );
} finally {
  database.close();
  await server.stop();
  rmSync(room, { recursive: true, force: true });
}

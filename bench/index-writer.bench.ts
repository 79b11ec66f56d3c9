/**
 * `npm run bench:index-writer [-- --files N] [--rounds R]`: the SQLite index writer's share of
 * ingestion, on the CUAD texts (all 399, or the first N) copied R times (default 4: ~84 MB). Each
 * copy is one file, chunked as ingestion chunks it (untagged: tagging is the extraction children's
 * work, measured by bench:tagging) and written by the index writer's own batch applier, in batches
 * of the writer's size, into a real data folder: pages, passages, the workspace's FTS5 index, one
 * transaction per batch. Then, in the same run and on the same passages, FTS5 alone: the workspace's
 * index rebuilt from its content table ('rebuild'), which tokenizes and writes every passage again
 * and nothing else. Prints CPU seconds and MB/s on one core for each, and their difference: the rows,
 * and the segment merging that writing FTS5 in batches adds. It measures a floor no scheduling can
 * lower: #16's 40 MB/s of bulk import on two cores leaves 2 CPU-seconds per 40 MB for every stage
 * of ingestion together (extraction, tagging and the CLI included).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openSqliteStore } from '../src/db/open.js';
import { createIndexBatchApplier, type IndexItem } from '../src/modules/documents/ingestion/index-batch.js';
import { chunkText } from '../src/modules/documents/passages/chunking.js';
import { workspaceFtsTable } from '../src/modules/documents/passages/workspace-fts.js';
import { buildTenant } from '../test/support/factories.js';
import { missingDataReason, sharedDataPath } from '../test/support/shared-data.js';

const { values } = parseArgs({ options: { files: { type: 'string' }, rounds: { type: 'string', default: '4' } } });
const txtDir = sharedDataPath('documents', 'cuad', 'txt');
if (!txtDir) {
  console.log(`bench:index-writer SKIPPED: ${missingDataReason('documents/cuad/txt')}`);
  process.exit(0);
}
const rounds = Number(values.rounds);
const texts = readdirSync(txtDir)
  .sort()
  .slice(0, values.files ? Number(values.files) : undefined)
  .map((name) => readFileSync(join(txtDir, name), 'utf8'));
/** The index writer's batch: files until ~256,000 characters (index-writer.worker.ts, MAX_BATCH_CHARS). */
const BATCH_CHARS = 256_000;

const dataDir = mkdtempSync(join(tmpdir(), 'folio-bench-index-'));
const opened = await openSqliteStore(dataDir);
try {
  const raw = opened.sqlite;
  if (raw === null) throw new Error('bench:index-writer needs the SQLite backend');
  const { workspace } = await buildTenant({ store: opened.store, clock: { now: () => new Date() } });
  const now = new Date().toISOString();
  const insertFile = raw.prepare(
    `insert into files (workspace_id, parent_directory_id, file_name, sha256, size_bytes, content_type, status, error, page_count, created_at, updated_at)
     values (?, null, ?, ?, ?, 'text/plain', 'processing', null, 1, ?, ?)`,
  );
  const items: IndexItem[] = [];
  for (let round = 0; round < rounds; round++) {
    texts.forEach((text, i) => {
      const { lastInsertRowid } = insertFile.run(workspace.id, `contract-${round}-${i}.txt`, `${round}-${i}`.padStart(64, '0'), text.length, now, now);
      const fileId = Number(lastInsertRowid);
      // As the extraction process sends them: spans into the page, with their tags as stored JSON.
      const passages = chunkText(text).map(([start, end], ordinal) => ({ ordinal, page: 1, start, end, clauseTags: '{}' }));
      // No job rows: the applier's job update then matches nothing, which costs what an indexed update costs.
      items.push({ jobId: 0, workspaceId: workspace.id, fileId, pages: [{ page: 1, text }], contentType: 'text/plain', pageCount: 1, warnings: [], passages, now });
    });
  }
  const megabytes = items.reduce((n, item) => n + Buffer.byteLength(item.pages[0]?.text ?? ''), 0) / 1e6;

  const apply = createIndexBatchApplier(raw);
  const written = cpuSeconds(() => {
    let batch: IndexItem[] = [];
    let chars = 0;
    for (const item of items) {
      batch.push(item);
      chars += item.pages[0]?.text.length ?? 0;
      if (chars >= BATCH_CHARS) {
        check(apply(batch));
        batch = [];
        chars = 0;
      }
    }
    if (batch.length > 0) check(apply(batch));
  });
  const table = workspaceFtsTable(workspace.id);
  const rebuilt = cpuSeconds(() => raw.exec(`insert into ${table}(${table}) values ('rebuild')`));

  console.log(`bench:index-writer: ${items.length} files, ${megabytes.toFixed(1)} MB of text (${texts.length} CUAD texts x ${rounds})`);
  console.log(`${'stage'.padEnd(48)}| CPU s | MB/s, one core`);
  const row = (name: string, seconds: number) => console.log(`${name.padEnd(48)}| ${seconds.toFixed(2).padStart(5)} | ${(megabytes / seconds).toFixed(1).padStart(6)}`);
  row('index writer: pages, passages, FTS5, file, job', written);
  row('FTS5 alone, in bulk (rebuilt from the passages)', rebuilt);
  // FTS5 written in batches also merges its segments as it goes, which a bulk rebuild mostly spares.
  row('the difference (rows; FTS5 merging in batches)', Math.max(0.001, written - rebuilt));
} finally {
  await opened.close();
  rmSync(dataDir, { recursive: true, force: true });
}

/** CPU seconds (user + system) this process spends in `run`: the writer is single-threaded here. */
function cpuSeconds(run: () => void): number {
  const before = process.cpuUsage();
  run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1e6;
}

function check(outcomes: ReturnType<ReturnType<typeof createIndexBatchApplier>>): void {
  const failed = outcomes.find((o) => 'error' in o);
  if (failed) throw new Error(`index write failed: ${JSON.stringify(failed)}`);
}

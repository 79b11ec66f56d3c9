import { rm } from 'node:fs/promises';
import cliProgress from 'cli-progress';
import { loadConfig } from '../../config/config.js';
import type { OpenedStore } from '../../db/open.js';
import { createLogger } from '../../http/logging.js';
import { openBlobStore } from '../../modules/documents/blobs/open-blob-store.js';
import { createIngestionRepository } from '../../modules/documents/ingestion/ingestion.repository.js';
import { createImportRepository } from '../../modules/documents/import/import.repository.js';
import { importDocuments } from '../../modules/documents/import/import-documents.usecases.js';
import type { ImportProgress, ImportRequest, ImportSummary } from '../../modules/documents/import/import.types.js';
import { createQueueOwner } from '../../modules/documents/import/queue-owner.js';
import type { CoreDeps } from '../../shared/deps.js';
import { formatBytes } from '../output.js';
import { describeFile } from '../../modules/query/ranking/read-file-signals.js';

/** The import's wiring in the CLI process: its own spool, the queue owner, the progress bar. */
export async function runImport(
  core: CoreDeps,
  opened: OpenedStore,
  input: { dataDir: string; orgId: string; request: Omit<ImportRequest, 'onProgress'>; showProgress: boolean },
): Promise<ImportSummary> {
  const config = loadConfig(process.env, { dataDir: input.dataDir });
  // Worker errors go to stderr as JSON lines; progress and the summary are the operator's output.
  const log = createLogger({ logLevel: 'warn' }, process.stderr);
  const owner = createQueueOwner(core, opened.passageBackend, config, log, describeFile);
  const spool = `tmp-import-${process.pid}`;
  const blobs = openBlobStore(config, { spool });
  const jobs = createIngestionRepository({ db: core.store.db, skipLocked: opened.database.dialect === 'postgres' });
  const bar = input.showProgress ? progressBar() : null;
  try {
    // The queue is taken over (when no server runs it) only once there is something to wait
    // for, in onPoll. With --no-wait and no server the jobs wait for the next `folio serve`.
    const queueRunning = input.request.wait || owner.isRunning();
    return await importDocuments(
      {
        ...core,
        blobs,
        imports: createImportRepository({ db: core.store.db }),
        pendingJobs: () => jobs.pendingCount(),
        maxUploadBytes: config.maxUploadBytes,
        // Half the queue limit: HTTP uploads beside a long import still find room.
        queueDepth: () => (queueRunning ? Math.max(1, Math.floor(config.ingestQueueLimit / 2)) : null),
        pollMs: 250,
        onPoll: async () => {
          if (input.request.wait) await owner.ensureRunning();
        },
      },
      input.orgId,
      { ...input.request, ...(bar ? { onProgress: bar.update } : {}) },
    );
  } finally {
    bar?.stop();
    await owner.release();
    await rm(blobs.tempDir(), { recursive: true, force: true });
  }
}

/** Files, bytes, rate and ETA on stderr while storing; then the processing count. */
function progressBar() {
  const bar = new cliProgress.SingleBar(
    {
      format: '{phase} |{bar}| {value}/{total} files | {bytes} | {rate} | ETA {eta_formatted}',
      hideCursor: true,
      stream: process.stderr,
      clearOnComplete: true,
      etaBuffer: 50,
    },
    cliProgress.Presets.shades_classic,
  );
  const started = Date.now();
  let phase: ImportProgress['phase'] | null = null;
  return {
    update(p: ImportProgress) {
      const seconds = Math.max(0.001, (Date.now() - started) / 1000);
      const payload = {
        phase: p.phase === 'store' ? 'storing   ' : 'processing',
        bytes: p.phase === 'store' ? `${formatBytes(p.bytesDone)}/${formatBytes(p.bytesTotal)}` : `${formatBytes(p.bytesTotal)} in all`,
        rate: p.phase === 'store' ? `${formatBytes(p.bytesDone / seconds)}/s, ${(p.filesDone / seconds).toFixed(1)} files/s` : `${(p.filesDone / seconds).toFixed(1)} files/s overall`,
      };
      if (phase !== p.phase) {
        if (phase !== null) bar.stop();
        bar.start(p.filesTotal, p.filesDone, payload);
        phase = p.phase;
      }
      bar.setTotal(p.filesTotal);
      bar.update(p.filesDone, payload);
    },
    stop() {
      if (phase !== null) bar.stop();
    },
  };
}

import { isTransientLockError, retryOnBusy } from '../../../db/write-retry.js';
import { ExtractionFailure } from '../extraction/index.js';
import { openingOf } from '../signals/describe-file.js';
import type { IngestionJobRow } from './ingestion.tables.js';
import type { IngestionQueueDeps } from './ingestion-queue.js';

/**
 * One job: extract the blob's text in the isolated pool, then hand it to the index writer, which
 * splits it into passages, indexes them and marks the file ready (or failed, keeping the reason
 * that the app shows) in a batch with other files.
 */
export async function ingestFile(deps: IngestionQueueDeps, job: IngestionJobRow): Promise<void> {
  const now = () => deps.clock.now().toISOString();
  const file = await deps.store.documents.getFile(job.workspace_id, job.file_id);
  if (!file) {
    await deps.jobs.finish(job.id, 'failed', now());
    return;
  }
  try {
    const result = await deps.blobs.withLocalPath(file.sha256, (path) => deps.extraction.extract(path, file.file_name));
    // Read here, not at the first question after a start: a room of 20,000 files took seconds.
    const signals = deps.describe && result.passages ? deps.describe(file.file_name, openingOf(result.pages, result.passages)) : undefined;
    await deps.index.write({
      jobId: job.id,
      workspaceId: file.workspace_id,
      fileId: file.id,
      pages: result.pages,
      contentType: result.contentType,
      pageCount: result.pageCount,
      warnings: result.warnings,
      ...(result.passages ? { passages: result.passages } : {}),
      ...(signals ? { signals } : {}),
      now: now(),
    });
  } catch (error) {
    // Shutting down: the job stays `running` and the next start takes it back.
    if (deps.stopping?.()) return;
    // Another writer held the database (a statute import, the CLI): the file is fine, so the job
    // goes back in the queue and runs again, rather than failing the upload forever.
    if (isTransientLockError(error)) {
      deps.log.warn({ fileId: file.id }, 'ingestion met a locked database; the job is queued again');
      await retryOnBusy(() => deps.jobs.requeue(job.id, now()));
      return;
    }
    const reason = error instanceof ExtractionFailure ? error.reason : 'text extraction failed unexpectedly';
    if (!(error instanceof ExtractionFailure)) deps.log.error({ err: error, fileId: file.id }, 'ingestion failed');
    await deps.store.documents.updateFile(file.workspace_id, file.id, { status: 'failed', error: reason, updated_at: now() });
    await deps.jobs.finish(job.id, 'failed', now());
  }
}

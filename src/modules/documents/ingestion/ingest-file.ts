import { isTransientLockError, retryOnBusy } from '../../../db/write-retry.js';
import { ExtractionFailure } from '../extraction/index.js';
import { chunkPages } from '../passages/chunking.js';
import type { IngestionJobRow } from './ingestion.tables.js';
import type { IngestionQueueDeps } from './ingestion-queue.js';

/**
 * One job: extract the blob's text in the isolated pool, split it into passages, index them,
 * and mark the file ready — or failed, keeping the reason that the app shows.
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
    const passages = chunkPages(result.pages);
    const warnings = result.warnings.join('; ');
    if (passages.length === 0) {
      await deps.store.documents.updateFile(file.workspace_id, file.id, {
        status: 'failed',
        error: warnings ? `no text could be extracted (${warnings})` : 'no text could be extracted',
        content_type: result.contentType,
        page_count: result.pageCount,
        updated_at: now(),
      });
      await deps.jobs.finish(job.id, 'failed', now());
      return;
    }
    await deps.store.fileText.replacePages(file.workspace_id, file.id, result.pages.filter((p) => p.text.length > 0));
    await deps.passages.replaceFile(file.workspace_id, file.id, passages);
    // A ready file keeps what could not be read (pages without text, no OCR) as its error note.
    await deps.store.documents.updateFile(file.workspace_id, file.id, {
      status: 'ready',
      error: warnings || null,
      content_type: result.contentType,
      page_count: result.pageCount,
      updated_at: now(),
    });
    await deps.jobs.finish(job.id, 'done', now());
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

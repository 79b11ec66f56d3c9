import type BetterSqlite3 from 'better-sqlite3';
import type { ExtractedPage } from '../extraction/extraction.types.js';
import type { PassageDraft } from '../passages/chunking.js';
import { withTexts, type PassageSpan } from '../passages/passage-spans.js';
import { taggedPassages } from '../passages/tagged-passages.js';
import { createSqlitePassageWriter } from '../passages/sqlite-passage-index.js';
import type { StoredSignals } from '../signals/describe-file.js';

/** One extracted file on its way into the index: its job, its pages and what extraction noted. */
export interface IndexItem {
  jobId: number;
  workspaceId: number;
  fileId: number;
  pages: ExtractedPage[];
  contentType: string;
  pageCount: number;
  warnings: string[];
  /** The pages' passages, already chunked and tagged by the extraction process (without texts); made here when absent. */
  passages?: PassageSpan[];
  /** What the file's name and opening say about it (signals/describe-file.ts), stored with its passages. */
  signals?: StoredSignals;
  /** ISO time stamped on the file row and the job. */
  now: string;
}

/** `code` carries the SQLite error code across the thread, so a transient lock can be told apart and retried. */
export type IndexOutcome = { status: 'ready' | 'failed' } | { error: string; code?: string };

/** What an extraction result becomes: its passages, and the file's final status and note. */
export function planIndex(item: Pick<IndexItem, 'pages' | 'warnings' | 'passages'>): { passages: PassageDraft[]; status: 'ready' | 'failed'; error: string | null } {
  const passages = item.passages ? withTexts(item.pages, item.passages) : taggedPassages(item.pages);
  const warnings = item.warnings.join('; ');
  if (passages.length === 0) {
    return { passages, status: 'failed', error: warnings ? `no text could be extracted (${warnings})` : 'no text could be extracted' };
  }
  // A ready file keeps what could not be read (pages without text, no OCR) as its error note.
  return { passages, status: 'ready', error: warnings || null };
}

/**
 * Writes a batch of extracted files in ONE transaction: each file's passages (FTS5), its status
 * and its finished job. Per-file transactions made FTS5 flush a small segment at every commit and
 * paid a commit each; a batch pays once. If the batch fails, each file is retried alone so one bad
 * file cannot fail the others.
 */
export function createIndexBatchApplier(db: BetterSqlite3.Database): (items: IndexItem[]) => IndexOutcome[] {
  const passages = createSqlitePassageWriter(db);
  const markFile = db.prepare(
    'update files set status = ?, error = ?, content_type = ?, page_count = ?, updated_at = ? where workspace_id = ? and id = ?',
  );
  const finishJob = db.prepare('update ingestion_jobs set state = ?, locked_by = null, updated_at = ? where workspace_id = ? and id = ?');
  // Page texts are what passage offsets (and so citations) point into: written with the passages.
  const deletePages = db.prepare('delete from file_pages where workspace_id = ? and file_id = ?');
  const insertPage = db.prepare('insert into file_pages (workspace_id, file_id, page, text) values (?, ?, ?, ?)');
  const deleteSignals = db.prepare('delete from file_signals where workspace_id = ? and file_id = ?');
  const insertSignals = db.prepare('insert into file_signals (workspace_id, file_id, version, signals) values (?, ?, ?, ?)');
  const applyOne = (item: IndexItem): 'ready' | 'failed' => {
    const plan = planIndex(item);
    if (plan.status === 'ready') {
      deletePages.run(item.workspaceId, item.fileId);
      for (const page of item.pages) if (page.text.length > 0) insertPage.run(item.workspaceId, item.fileId, page.page, page.text);
      passages.replaceFile(item.workspaceId, item.fileId, plan.passages);
      deleteSignals.run(item.workspaceId, item.fileId);
      if (item.signals) insertSignals.run(item.workspaceId, item.fileId, item.signals.version, item.signals.json);
    }
    markFile.run(plan.status, plan.error, item.contentType, item.pageCount, item.now, item.workspaceId, item.fileId);
    finishJob.run(plan.status === 'ready' ? 'done' : 'failed', item.now, item.workspaceId, item.jobId);
    return plan.status;
  };
  const applyAll = db.transaction((items: IndexItem[]) => items.map(applyOne));
  const applyAlone = db.transaction(applyOne);
  // BEGIN IMMEDIATE: a deferred transaction that reads (a file's old passages) before it writes
  // fails at once with SQLITE_BUSY when another connection (the server's, the CLI) committed in
  // between, and busy_timeout cannot help it; taking the write lock first waits instead.
  return (items) => {
    try {
      return applyAll.immediate(items).map((status) => ({ status }));
    } catch (error) {
      if (items.length === 1) return [failure(error)];
      return items.map((item) => {
        try {
          return { status: applyAlone.immediate(item) };
        } catch (itemError) {
          return failure(itemError);
        }
      });
    }
  };
}

function failure(error: unknown): IndexOutcome {
  const code = (error as { code?: unknown } | null)?.code;
  return { error: error instanceof Error ? error.message : String(error), ...(typeof code === 'string' ? { code } : {}) };
}

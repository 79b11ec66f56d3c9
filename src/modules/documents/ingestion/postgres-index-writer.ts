import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { PASSAGES_GIN_INDEX, replacePostgresPassages } from '../passages/postgres-passage-index.js';
import { planIndex, type IndexItem } from './index-batch.js';
import type { IndexWriter } from './index-writer.js';
import { createPlannerStatistics } from '../../../db/planner-statistics.js';

/** The tables each indexed file grows, whose statistics the workspace queries plan on. */
const GROWN_TABLES = ['passages', 'files', 'file_pages', 'file_signals', 'ingestion_jobs'];
/** The full-text index each indexed file grows, which every workspace question searches. */
const GROWN_GIN_INDEXES = [PASSAGES_GIN_INDEX];

/**
 * PostgreSQL's index writer: each file's pages, passages, status and finished job in one
 * transaction on the pool. No writer thread: PostgreSQL does the indexing work in its own
 * process, and concurrent transactions do not block each other the way SQLite's one writer does.
 */
export function createPostgresIndexWriter(db: Kysely<Database>, options: { onError?: (error: unknown) => void } = {}): IndexWriter {
  const inFlight = new Set<Promise<unknown>>();
  const statistics = createPlannerStatistics(db, GROWN_TABLES, { ...options, ginIndexes: GROWN_GIN_INDEXES });
  const applyOne = (item: IndexItem) =>
    db.transaction().execute(async (trx) => {
      const plan = planIndex(item);
      if (plan.status === 'ready') {
        // Page texts are what passage offsets (and so citations) point into: written with the passages.
        await trx.deleteFrom('file_pages').where('workspace_id', '=', item.workspaceId).where('file_id', '=', item.fileId).execute();
        const pages = item.pages.filter((p) => p.text.length > 0).map((p) => ({ workspace_id: item.workspaceId, file_id: item.fileId, page: p.page, text: p.text }));
        for (let i = 0; i < pages.length; i += 1000) await trx.insertInto('file_pages').values(pages.slice(i, i + 1000)).execute();
        await replacePostgresPassages(trx, item.workspaceId, item.fileId, plan.passages);
        await trx.deleteFrom('file_signals').where('workspace_id', '=', item.workspaceId).where('file_id', '=', item.fileId).execute();
        if (item.signals) {
          await trx.insertInto('file_signals').values({ workspace_id: item.workspaceId, file_id: item.fileId, version: item.signals.version, signals: item.signals.json }).execute();
        }
      }
      await trx
        .updateTable('files')
        .set({ status: plan.status, error: plan.error, content_type: item.contentType, page_count: item.pageCount, updated_at: item.now })
        .where('workspace_id', '=', item.workspaceId)
        .where('id', '=', item.fileId)
        .execute();
      await trx
        .updateTable('ingestion_jobs')
        .set({ state: plan.status === 'ready' ? 'done' : 'failed', locked_by: null, updated_at: item.now })
        .where('workspace_id', '=', item.workspaceId)
        .where('id', '=', item.jobId)
        .execute();
      return plan.status;
    });
  return {
    write(item) {
      const work = applyOne(item);
      void work.then(() => statistics.written(), () => {});
      inFlight.add(work);
      void work.finally(() => inFlight.delete(work)).catch(() => {});
      return work;
    },
    async close() {
      await Promise.allSettled([...inFlight]);
      await statistics.close();
    },
  };
}

import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';

export interface PageText {
  page: number;
  text: string;
}

/** Page texts of files. Every method takes the workspace id and filters on it. */
export function createFileTextRepository({ db }: { db: Kysely<Database> }) {
  return {
    /** Replaces a file's page texts in one transaction (re-ingestion is idempotent). */
    async replacePages(workspaceId: number, fileId: number, pages: PageText[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('file_pages').where('workspace_id', '=', workspaceId).where('file_id', '=', fileId).execute();
        // Batches keep each statement under SQLite's bound-parameter limit on files of many pages.
        for (let i = 0; i < pages.length; i += 200) {
          const batch = pages.slice(i, i + 200).map((p) => ({ workspace_id: workspaceId, file_id: fileId, page: p.page, text: p.text }));
          await trx.insertInto('file_pages').values(batch).execute();
        }
      });
    },

    async listPages(workspaceId: number, fileId: number): Promise<PageText[]> {
      return db
        .selectFrom('file_pages')
        .select(['page', 'text'])
        .where('workspace_id', '=', workspaceId)
        .where('file_id', '=', fileId)
        .orderBy('page')
        .execute();
    },

    /** The file's passages as [page, start, text], for files ingested before page texts were kept. */
    async listPassageSpans(workspaceId: number, fileId: number): Promise<Array<{ page: number | null; start_offset: number; text: string }>> {
      return db
        .selectFrom('passages')
        .select(['page', 'start_offset', 'text'])
        .where('workspace_id', '=', workspaceId)
        .where('file_id', '=', fileId)
        .orderBy('ordinal')
        .execute();
    },
  };
}

export type FileTextRepository = ReturnType<typeof createFileTextRepository>;

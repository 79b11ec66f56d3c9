import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';

/** Bound parameters per IN-list, under SQLite's limit. */
const BATCH = 500;

/** Reads stored file signals. Every query filters on the workspace. */
export function createFileSignalsRepository({ db }: { db: Kysely<Database> }) {
  return {
    /** The stored signals (JSON) of these files written by `version`, by file id; files without such a row are left out. */
    async load(workspaceId: number, fileIds: number[], version: number): Promise<Map<number, string>> {
      const out = new Map<number, string>();
      for (let i = 0; i < fileIds.length; i += BATCH) {
        const rows = await db
          .selectFrom('file_signals')
          .select(['file_id', 'signals'])
          .where('workspace_id', '=', workspaceId)
          .where('file_id', 'in', fileIds.slice(i, i + BATCH))
          .where('version', '=', version)
          .execute();
        for (const row of rows) out.set(row.file_id, row.signals);
      }
      return out;
    },
  };
}

export type FileSignalsRepository = ReturnType<typeof createFileSignalsRepository>;

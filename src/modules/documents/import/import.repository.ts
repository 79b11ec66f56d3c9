import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';

/** The reads and writes the bulk import adds to the documents store. Every query filters on the workspace. */
export function createImportRepository({ db }: { db: Kysely<Database> }) {
  return {
    /** The directory of this name under `parentId` (null: the root), oldest first, to be reused. */
    async findDirectory(workspaceId: number, parentId: number | null, name: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('directories')
        .select('id')
        .where('workspace_id', '=', workspaceId)
        .where((eb) => (parentId === null ? eb('parent_directory_id', 'is', null) : eb('parent_directory_id', '=', parentId)))
        .where('name', '=', name)
        .orderBy('id')
        .executeTakeFirst();
      return row?.id;
    },

    /** Ids in [fromId, toId] of the workspace's files still being processed. */
    async processingBetween(workspaceId: number, fromId: number, toId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('files')
        .select('id')
        .where('workspace_id', '=', workspaceId)
        .where('id', '>=', fromId)
        .where('id', '<=', toId)
        .where('status', '=', 'processing')
        .execute();
      return rows.map((r) => r.id);
    },

    /** Failed files in [fromId, toId] with their reasons. */
    async failedBetween(workspaceId: number, fromId: number, toId: number): Promise<Array<{ id: number; error: string | null }>> {
      return db
        .selectFrom('files')
        .select(['id', 'error'])
        .where('workspace_id', '=', workspaceId)
        .where('id', '>=', fromId)
        .where('id', '<=', toId)
        .where('status', '=', 'failed')
        .execute();
    },

  };
}

export type ImportRepository = ReturnType<typeof createImportRepository>;

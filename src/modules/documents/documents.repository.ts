import type { Kysely } from 'kysely';
import type { Database, DirectoryRow, FileRow } from '../../db/schema.js';

/** Directories and files of workspaces. Every method takes the workspace id and filters on it. */
export function createDocumentsRepository({ db }: { db: Kysely<Database> }) {
  return {
    async createDirectory(directory: Omit<DirectoryRow, 'id'>): Promise<DirectoryRow> {
      const { id } = await db.insertInto('directories').values(directory).returning('id').executeTakeFirstOrThrow();
      return { ...directory, id };
    },

    async getDirectory(workspaceId: number, directoryId: number): Promise<DirectoryRow | undefined> {
      return db
        .selectFrom('directories')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', directoryId)
        .executeTakeFirst();
    },

    async listDirectories(workspaceId: number): Promise<DirectoryRow[]> {
      return db.selectFrom('directories').selectAll().where('workspace_id', '=', workspaceId).orderBy('id').execute();
    },

    async listFiles(workspaceId: number): Promise<FileRow[]> {
      return db.selectFrom('files').selectAll().where('workspace_id', '=', workspaceId).orderBy('id').execute();
    },

    async getFile(workspaceId: number, fileId: number): Promise<FileRow | undefined> {
      return db.selectFrom('files').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', fileId).executeTakeFirst();
    },

    /** The ids among `fileIds` that are files of this workspace. */
    async existingFileIds(workspaceId: number, fileIds: number[]): Promise<number[]> {
      if (fileIds.length === 0) return [];
      const rows = await db
        .selectFrom('files')
        .select('id')
        .where('workspace_id', '=', workspaceId)
        .where('id', 'in', fileIds)
        .execute();
      return rows.map((r) => r.id);
    },
  };
}

export type DocumentsRepository = ReturnType<typeof createDocumentsRepository>;

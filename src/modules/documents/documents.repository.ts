import { sql, type Kysely, type Updateable } from 'kysely';
import type { Database, DirectoryRow, FileRow, FileTable } from '../../db/schema.js';
import { currentTree, type TreeRead, type TreeSnapshot } from './tree-snapshot.js';

/** Directories and files of workspaces. Every method takes the workspace id and filters on it. */
export function createDocumentsRepository({ db }: { db: Kysely<Database> }) {
  /**
   * In one statement, so one snapshot: the workspace's directories and files with ids past
   * `afterDirectoryId` / `afterFileId` in id order, how many it holds of each, and its tree's
   * rewrites (tree-rewrites.migration.ts). From 0 and 0 it is the whole tree (tree-snapshot.ts).
   */
  async function readTreeSince(workspaceId: number, afterDirectoryId: number, afterFileId: number): Promise<TreeRead> {
    const { rows } = await sql<{ kind: string; id: number; name: string | null; parent: number | null }>`
      select 'r' as kind, coalesce((select rewrites from tree_stamps where workspace_id = ${workspaceId}), 0) as id, cast(null as text) as name, cast(null as integer) as parent
      union all select 'c', cast((select count(*) from directories where workspace_id = ${workspaceId}) as integer), cast(null as text), cast(null as integer)
      union all select 'n', cast((select count(*) from files where workspace_id = ${workspaceId}) as integer), cast(null as text), cast(null as integer)
      union all select 'd', id, name, parent_directory_id from directories where workspace_id = ${workspaceId} and id > ${afterDirectoryId}
      union all select 'f', id, file_name, parent_directory_id from files where workspace_id = ${workspaceId} and id > ${afterFileId}
      order by kind, id`.execute(db);
    const read: TreeRead = { rewrites: 0, directoryCount: 0, fileCount: 0, directories: [], files: [] };
    for (const row of rows) {
      if (row.kind === 'd') read.directories.push({ id: row.id, name: row.name!, parent_directory_id: row.parent });
      else if (row.kind === 'f') read.files.push({ id: row.id, file_name: row.name!, parent_directory_id: row.parent });
      else if (row.kind === 'r') read.rewrites = Number(row.id);
      else if (row.kind === 'c') read.directoryCount = Number(row.id);
      else read.fileCount = Number(row.id);
    }
    return read;
  }

  /**
   * The tree's directories in id order, only the columns a node needs; from after `afterId`, at
   * most `limit` when paging.
   */
  async function listTreeDirectories(workspaceId: number, afterId = 0, limit?: number): Promise<Array<Pick<DirectoryRow, 'id' | 'name' | 'parent_directory_id'>>> {
    let query = db
      .selectFrom('directories')
      .select(['id', 'name', 'parent_directory_id'])
      .where('workspace_id', '=', workspaceId)
      .where('id', '>', afterId)
      .orderBy('id');
    if (limit !== undefined) query = query.limit(limit);
    return query.execute();
  }

  /** The tree's files in id order (index files_workspace_id), as listTreeDirectories. */
  async function listTreeFiles(workspaceId: number, afterId = 0, limit?: number): Promise<Array<Pick<FileRow, 'id' | 'file_name' | 'parent_directory_id'>>> {
    let query = db
      .selectFrom('files')
      .select(['id', 'file_name', 'parent_directory_id'])
      .where('workspace_id', '=', workspaceId)
      .where('id', '>', afterId)
      .orderBy('id');
    if (limit !== undefined) query = query.limit(limit);
    return query.execute();
  }

  return {
    readTreeSince,
    listTreeDirectories,
    listTreeFiles,

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

    /** A number that changes whenever the workspace's tree does (tree-stamps.migration.ts); 0 before its first change. */
    async treeStamp(workspaceId: number): Promise<number> {
      const row = await db.selectFrom('tree_stamps').select('stamp').where('workspace_id', '=', workspaceId).executeTakeFirst();
      return Number(row?.stamp ?? 0);
    },

    /** The workspace's whole tree, read at once (store.ts keeps it and extends it: tree-snapshot.ts). */
    async readWholeTree(workspaceId: number, previous?: TreeSnapshot): Promise<TreeSnapshot> {
      return currentTree(
        (afterDirectoryId, afterFileId) => readTreeSince(workspaceId, afterDirectoryId, afterFileId),
        async () => {
          const stamps = await db.selectFrom('tree_stamps').select('rewrites').where('workspace_id', '=', workspaceId).executeTakeFirst();
          const [directories, files] = await Promise.all([listTreeDirectories(workspaceId), listTreeFiles(workspaceId)]);
          return { rewrites: Number(stamps?.rewrites ?? 0), directories, files };
        },
        previous,
      );
    },

    async listFiles(workspaceId: number): Promise<FileRow[]> {
      return db.selectFrom('files').selectAll().where('workspace_id', '=', workspaceId).orderBy('id').execute();
    },

    async getFile(workspaceId: number, fileId: number): Promise<FileRow | undefined> {
      return db.selectFrom('files').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', fileId).executeTakeFirst();
    },

    async getFileBySha256(workspaceId: number, sha256: string): Promise<FileRow | undefined> {
      return db.selectFrom('files').selectAll().where('workspace_id', '=', workspaceId).where('sha256', '=', sha256).executeTakeFirst();
    },

    /**
     * Records a stored upload and its ingestion job in one transaction, or returns undefined when
     * the same bytes already exist in the workspace (a concurrent upload won the unique key).
     */
    async insertFileWithJob(file: Omit<FileRow, 'id'>): Promise<FileRow | undefined> {
      try {
        return await db.transaction().execute(async (trx) => {
          const { id } = await trx.insertInto('files').values(file).returning('id').executeTakeFirstOrThrow();
          await trx
            .insertInto('ingestion_jobs')
            .values({ workspace_id: file.workspace_id, file_id: id, state: 'queued', attempts: 0, locked_by: null, locked_at: null, created_at: file.created_at, updated_at: file.created_at })
            .execute();
          return { ...file, id };
        });
      } catch (error) {
        if (isUniqueViolation(error)) return undefined;
        throw error;
      }
    },

    async updateFile(workspaceId: number, fileId: number, patch: Updateable<FileTable>): Promise<void> {
      await db.updateTable('files').set(patch).where('workspace_id', '=', workspaceId).where('id', '=', fileId).execute();
    },

    /** The workspace's ready files, id and name. */
    async listReadyFiles(workspaceId: number): Promise<Array<{ id: number; file_name: string }>> {
      return db.selectFrom('files').select(['id', 'file_name']).where('workspace_id', '=', workspaceId).where('status', '=', 'ready').orderBy('id').execute();
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

/** SQLite says SQLITE_CONSTRAINT_UNIQUE; PostgreSQL says 23505. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

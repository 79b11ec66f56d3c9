import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';

/** Bound parameters per IN-list, under SQLite's limit. */
const BATCH = 500;

/** Removal of files and directories from a workspace's tree. Every query filters on the workspace. */
export function createDeletionRepository({ db }: { db: Kysely<Database> }) {
  return {
    /** The directory and every directory below it, with the files they hold. */
    async subtree(workspaceId: number, directoryId: number): Promise<{ directoryIds: number[]; files: Array<{ id: number; sha256: string }> }> {
      const all = await db.selectFrom('directories').select(['id', 'parent_directory_id']).where('workspace_id', '=', workspaceId).execute();
      const children = new Map<number, number[]>();
      for (const d of all) {
        if (d.parent_directory_id === null) continue;
        children.set(d.parent_directory_id, [...(children.get(d.parent_directory_id) ?? []), d.id]);
      }
      const directoryIds: number[] = [];
      for (const stack = [directoryId]; stack.length > 0; ) {
        const id = stack.pop() as number;
        directoryIds.push(id);
        stack.push(...(children.get(id) ?? []));
      }
      const files: Array<{ id: number; sha256: string }> = [];
      for (const batch of chunks(directoryIds)) {
        files.push(...(await db.selectFrom('files').select(['id', 'sha256']).where('workspace_id', '=', workspaceId).where('parent_directory_id', 'in', batch).execute()));
      }
      return { directoryIds, files };
    },

    /** True when the directory holds a file or a directory. */
    async hasChildren(workspaceId: number, directoryId: number): Promise<boolean> {
      const dir = await db.selectFrom('directories').select('id').where('workspace_id', '=', workspaceId).where('parent_directory_id', '=', directoryId).executeTakeFirst();
      if (dir) return true;
      const file = await db.selectFrom('files').select('id').where('workspace_id', '=', workspaceId).where('parent_directory_id', '=', directoryId).executeTakeFirst();
      return file !== undefined;
    },

    /**
     * Deletes the files' page texts, ingestion jobs (pending or finished: they point at the file)
     * and rows, then the directories deepest first, in one transaction.
     */
    async deleteRows(workspaceId: number, fileIds: number[], directoryIdsTopDown: number[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        for (const batch of chunks(fileIds)) {
          await trx.deleteFrom('file_pages').where('workspace_id', '=', workspaceId).where('file_id', 'in', batch).execute();
          await trx.deleteFrom('ingestion_jobs').where('workspace_id', '=', workspaceId).where('file_id', 'in', batch).execute();
          await trx.deleteFrom('files').where('workspace_id', '=', workspaceId).where('id', 'in', batch).execute();
        }
        // Children before parents: the parent reference is a foreign key.
        for (const id of [...directoryIdsTopDown].reverse()) {
          await trx.deleteFrom('directories').where('workspace_id', '=', workspaceId).where('id', '=', id).execute();
        }
      });
    },

    /**
     * Which of these contents are still used by a file of any workspace. Blobs are stored once
     * per content across the whole store, so this one question is asked across workspaces: it
     * reads hashes only and never returns another tenant's rows.
     */
    async contentsInUse(sha256s: string[]): Promise<Set<string>> {
      const used = new Set<string>();
      for (const batch of chunks([...new Set(sha256s)])) {
        for (const row of await db.selectFrom('files').select('sha256').distinct().where('sha256', 'in', batch).execute()) used.add(row.sha256);
      }
      return used;
    },
  };
}

export type DeletionRepository = ReturnType<typeof createDeletionRepository>;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += BATCH) out.push(items.slice(i, i + BATCH));
  return out;
}

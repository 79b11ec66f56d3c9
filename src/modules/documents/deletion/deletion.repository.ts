import type { Kysely, Transaction } from 'kysely';
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
     * Deletes the files' page texts, stored signals, ingestion jobs (pending or finished: they point at the file)
     * and rows, then the directories deepest first, and takes the files out of the workspace's
     * review tables, in one transaction.
     */
    async deleteRows(workspaceId: number, fileIds: number[], directoryIdsTopDown: number[], now: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await removeFromProjectRows(trx, workspaceId, new Set(fileIds), now);
        for (const batch of chunks(fileIds)) {
          await trx.deleteFrom('file_pages').where('workspace_id', '=', workspaceId).where('file_id', 'in', batch).execute();
          await trx.deleteFrom('file_signals').where('workspace_id', '=', workspaceId).where('file_id', 'in', batch).execute();
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

/**
 * A review-table row names its files; a deleted file leaves every row that names it. A row left
 * with no file goes with its cells. A row that keeps some files has its cells put back to pending
 * and queued, as a changed question does: their values and citations came from the removed file too.
 */
async function removeFromProjectRows(trx: Transaction<Database>, workspaceId: number, removed: Set<number>, now: string): Promise<void> {
  if (removed.size === 0) return;
  const rows = await trx.selectFrom('project_rows').select(['id', 'project_id', 'uploaded_file_ids']).where('workspace_id', '=', workspaceId).execute();
  for (const row of rows) {
    const ids = JSON.parse(row.uploaded_file_ids) as number[];
    const kept = ids.filter((id) => !removed.has(id));
    if (kept.length === ids.length) continue;
    if (kept.length === 0) {
      await trx.deleteFrom('project_cells').where('workspace_id', '=', workspaceId).where('project_id', '=', row.project_id).where('row_id', '=', row.id).execute();
      await trx.deleteFrom('project_rows').where('workspace_id', '=', workspaceId).where('id', '=', row.id).execute();
      continue;
    }
    await trx.updateTable('project_rows').set({ uploaded_file_ids: JSON.stringify(kept), updated_at: now }).where('workspace_id', '=', workspaceId).where('id', '=', row.id).execute();
    await trx
      .updateTable('project_cells')
      .set((eb) => ({ status: 'pending', queued: 1, value: null, display: null, citations: '[]', error: null, updated_at: now, generation: eb('generation', '+', 1) }))
      .where('workspace_id', '=', workspaceId)
      .where('project_id', '=', row.project_id)
      .where('row_id', '=', row.id)
      .execute();
  }
}

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += BATCH) out.push(items.slice(i, i + BATCH));
  return out;
}

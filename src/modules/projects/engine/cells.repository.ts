import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { ProjectCellRow } from './cells.tables.js';

export interface CellKey {
  workspaceId: number;
  rowId: number;
  columnId: number;
}

export interface CellResult {
  status: 'done' | 'failed';
  value: string | null;
  display: string | null;
  citations: string;
  error: string | null;
}

/** Review-table cells. Every method takes the workspace id and filters on it, except the runner's queue scans, which say why. */
export function createCellsRepository({ db }: { db: Kysely<Database> }) {
  return {
    /** Creates the pending cells a project's rows and columns lack (new rows, new columns, projects made before cells existed). */
    async ensure(workspaceId: number, projectId: number, rowIds: number[], columnIds: number[], now: string): Promise<void> {
      const values = rowIds.flatMap((row_id) => columnIds.map((column_id) => ({ workspace_id: workspaceId, project_id: projectId, row_id, column_id, status: 'pending' as const, updated_at: now })));
      // Batches keep each statement under SQLite's bound-parameter limit.
      for (let i = 0; i < values.length; i += 100) {
        await db.insertInto('project_cells').values(values.slice(i, i + 100)).onConflict((oc) => oc.columns(['row_id', 'column_id']).doNothing()).execute();
      }
    },

    async list(workspaceId: number, projectId: number): Promise<ProjectCellRow[]> {
      return db.selectFrom('project_cells').selectAll().where('workspace_id', '=', workspaceId).where('project_id', '=', projectId).execute();
    },

    /** Queues every cell not yet done (failed ones run again); returns how many were queued. */
    async queueNotDone(workspaceId: number, projectId: number, now: string): Promise<number> {
      const result = await db
        .updateTable('project_cells')
        .set({ queued: 1, status: 'pending', error: null, updated_at: now })
        .where('workspace_id', '=', workspaceId)
        .where('project_id', '=', projectId)
        .where('status', 'in', ['pending', 'failed'])
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Puts a column's cells back to pending (its question changed), queued to run again. */
    async resetColumn(workspaceId: number, projectId: number, columnId: number, now: string): Promise<void> {
      await db
        .updateTable('project_cells')
        .set((eb) => ({ status: 'pending', queued: 1, value: null, display: null, citations: '[]', error: null, updated_at: now, generation: eb('generation', '+', 1) }))
        .where('workspace_id', '=', workspaceId)
        .where('project_id', '=', projectId)
        .where('column_id', '=', columnId)
        .execute();
    },

    async deleteRow(workspaceId: number, projectId: number, rowId: number): Promise<void> {
      await db.deleteFrom('project_cells').where('workspace_id', '=', workspaceId).where('project_id', '=', projectId).where('row_id', '=', rowId).execute();
    },

    async deleteColumn(workspaceId: number, projectId: number, columnId: number): Promise<void> {
      await db.deleteFrom('project_cells').where('workspace_id', '=', workspaceId).where('project_id', '=', projectId).where('column_id', '=', columnId).execute();
    },

    /** Marks a queued pending cell running; its generation, or null when another worker took it or it was reset. */
    async claim(key: CellKey, now: string): Promise<number | null> {
      const row = await db
        .updateTable('project_cells')
        .set((eb) => ({ status: 'running', attempts: eb('attempts', '+', 1), updated_at: now }))
        .where('workspace_id', '=', key.workspaceId)
        .where('row_id', '=', key.rowId)
        .where('column_id', '=', key.columnId)
        .where('status', '=', 'pending')
        .where('queued', '=', 1)
        .returning('generation')
        .executeTakeFirst();
      return row ? row.generation : null;
    },

    /** Writes a finished cell, unless it was reset (or deleted) while it ran. */
    async finish(key: CellKey, generation: number, result: CellResult, now: string): Promise<void> {
      await db
        .updateTable('project_cells')
        .set({ ...result, queued: 0, updated_at: now })
        .where('workspace_id', '=', key.workspaceId)
        .where('row_id', '=', key.rowId)
        .where('column_id', '=', key.columnId)
        .where('status', '=', 'running')
        .where('generation', '=', generation)
        .execute();
    },

    /**
     * The runner's queue: queued pending cells of every workspace, oldest project first. A scan
     * across tenants, like the ingestion queue's, because one runner serves the whole server; each
     * cell it returns is then read and written with its own workspace id.
     */
    async nextQueued(limit: number): Promise<CellKey[]> {
      const rows = await db
        .selectFrom('project_cells')
        .select(['workspace_id', 'row_id', 'column_id'])
        .where('queued', '=', 1)
        .where('status', '=', 'pending')
        .orderBy('project_id')
        .orderBy('row_id')
        .orderBy('column_id')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ workspaceId: r.workspace_id, rowId: r.row_id, columnId: r.column_id }));
    },

    /** At start: cells a stopped process left running go back to pending (still queued), to run again. Across tenants, as nextQueued. */
    async requeueRunning(now: string): Promise<number> {
      const result = await db.updateTable('project_cells').set({ status: 'pending', queued: 1, updated_at: now }).where('status', '=', 'running').executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}

export type CellsRepository = ReturnType<typeof createCellsRepository>;

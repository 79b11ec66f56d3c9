import type { CoreDeps } from '../../shared/deps.js';
import { presentProjectColumn } from './projects.presenter.js';
import { badResponseStructure, blankField, columnNotFound, projectNotFound, rowNotFound } from './projects.errors.js';
import { parseResponseStructure } from './response-structure.js';

/** Wakes the cell runner; absent where nothing runs cells (the operator CLI's one-shot commands). */
export type Kick = () => void;

/**
 * Changes a column. A changed query or response structure puts that column's cells back to
 * pending and queues them (the old answers answered another question); a new title alone keeps them.
 */
export async function updateProjectColumn(
  deps: CoreDeps<'cells' | 'projects'>,
  kick: Kick,
  ids: { workspaceId: number; projectId: number; columnId: number },
  input: { column_title?: string | undefined; query?: string | undefined; response_structure?: string | undefined },
) {
  if (!(await deps.store.projects.getById(ids.workspaceId, ids.projectId))) throw projectNotFound();
  const column = await deps.store.projects.getColumn(ids.workspaceId, ids.projectId, ids.columnId);
  if (!column) throw columnNotFound();
  if (input.query !== undefined && !input.query.trim()) throw blankField('query', input.query);
  if (input.response_structure !== undefined && !parseResponseStructure(input.response_structure)) throw badResponseStructure(input.response_structure);
  const now = deps.clock.now().toISOString();
  const changes = {
    ...(input.column_title !== undefined ? { column_title: input.column_title } : {}),
    ...(input.query !== undefined ? { query: input.query } : {}),
    ...(input.response_structure !== undefined ? { response_structure: input.response_structure.trim() } : {}),
    updated_at: now,
  };
  await deps.store.projects.updateColumn(ids.workspaceId, ids.projectId, ids.columnId, changes);
  const changedQuestion =
    (changes.query !== undefined && changes.query !== column.query) ||
    (changes.response_structure !== undefined && changes.response_structure !== column.response_structure);
  if (changedQuestion) {
    await deps.store.cells.resetColumn(ids.workspaceId, ids.projectId, ids.columnId, now);
    kick();
  }
  return presentProjectColumn({ ...column, ...changes });
}

export async function deleteProjectRow(deps: CoreDeps<'cells' | 'projects'>, ids: { workspaceId: number; projectId: number; rowId: number }): Promise<void> {
  if (!(await deps.store.projects.getById(ids.workspaceId, ids.projectId))) throw projectNotFound();
  if (!(await deps.store.projects.deleteRow(ids.workspaceId, ids.projectId, ids.rowId))) throw rowNotFound();
  await deps.store.cells.deleteRow(ids.workspaceId, ids.projectId, ids.rowId);
}

export async function deleteProjectColumn(deps: CoreDeps<'cells' | 'projects'>, ids: { workspaceId: number; projectId: number; columnId: number }): Promise<void> {
  if (!(await deps.store.projects.getById(ids.workspaceId, ids.projectId))) throw projectNotFound();
  if (!(await deps.store.projects.deleteColumn(ids.workspaceId, ids.projectId, ids.columnId))) throw columnNotFound();
  await deps.store.cells.deleteColumn(ids.workspaceId, ids.projectId, ids.columnId);
}

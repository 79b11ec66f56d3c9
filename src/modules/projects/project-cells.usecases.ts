import type { CoreDeps } from '../../shared/deps.js';
import type { ProjectWithParts } from './projects.repository.js';
import { projectNotFound } from './projects.errors.js';
import { presentCells } from './project-cells.presenter.js';
import type { CellsResponse } from './projects.schemas.js';
import type { Kick } from './project-parts.usecases.js';

/** The project with its rows and columns, and a cell for each pair (made pending where missing). */
export async function loadProjectGrid(deps: CoreDeps<'cells' | 'projects'>, workspaceId: number, projectId: number) {
  const parts = await deps.store.projects.getWithParts(workspaceId, projectId);
  if (!parts) throw projectNotFound();
  await ensureCells(deps, parts);
  const cells = await deps.store.cells.list(workspaceId, projectId);
  return { parts, cells };
}

async function ensureCells(deps: CoreDeps<'cells'>, parts: ProjectWithParts): Promise<void> {
  if (parts.rows.length === 0 || parts.columns.length === 0) return;
  await deps.store.cells.ensure(
    parts.project.workspace_id,
    parts.project.id,
    parts.rows.map((r) => r.id),
    parts.columns.map((c) => c.id),
    deps.clock.now().toISOString(),
  );
}

export async function getProjectCells(deps: CoreDeps<'cells' | 'projects'>, workspaceId: number, projectId: number): Promise<CellsResponse> {
  const { parts, cells } = await loadProjectGrid(deps, workspaceId, projectId);
  return presentCells(parts, cells);
}

/** Queues every cell not yet done (failed ones again) and wakes the runner; finished cells never run twice. */
export async function runProject(deps: CoreDeps<'cells' | 'projects'>, kick: Kick, workspaceId: number, projectId: number) {
  const parts = await deps.store.projects.getWithParts(workspaceId, projectId);
  if (!parts) throw projectNotFound();
  await ensureCells(deps, parts);
  const queued = await deps.store.cells.queueNotDone(workspaceId, projectId, deps.clock.now().toISOString());
  kick();
  const { progress } = presentCells(parts, await deps.store.cells.list(workspaceId, projectId));
  return { queued, progress };
}

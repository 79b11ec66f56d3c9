import type { CoreDeps } from '../../shared/deps.js';
import { invalidInput, notFound } from '../admin.errors.js';
import { fileNotFound } from '../documents/documents.errors.js';
import { presentProject, presentProjectColumn, presentProjectRow } from './projects.presenter.js';
import { badResponseStructure, blankField, projectNotFound } from './projects.errors.js';
import { projectTypes, type ProjectType } from './projects.schemas.js';
import { parseResponseStructure } from './response-structure.js';

export async function createProject(
  deps: CoreDeps<'projects' | 'workspaces'>,
  orgId: string,
  input: { workspaceId: number; name: string; type?: string; description?: string | null },
) {
  const name = input.name.trim();
  if (!name) throw invalidInput('name must not be empty');
  const type = (input.type ?? 'table') as ProjectType;
  if (!projectTypes.includes(type)) throw invalidInput(`type must be one of ${projectTypes.join(', ')}`);
  if (!(await deps.store.workspaces.getById(orgId, input.workspaceId))) throw notFound('workspace', input.workspaceId);
  const now = deps.clock.now().toISOString();
  const project = await deps.store.projects.create({
    workspace_id: input.workspaceId,
    name,
    description: input.description ?? null,
    summary: null,
    project_type: type,
    display_order: 0,
    created_at: now,
    updated_at: now,
  });
  return presentProject({ project, rows: [], columns: [] });
}

async function requireProject(deps: CoreDeps<'projects'>, workspaceId: number, projectId: number) {
  const project = await deps.store.projects.getById(workspaceId, projectId);
  if (!project) throw projectNotFound();
  return project;
}

/** Adds a row of files (each of the project's workspace) and its pending cells, one per column. */
export async function addProjectRow(deps: CoreDeps<'cells' | 'documents' | 'projects'>, workspaceId: number, projectId: number, fileIds: number[]) {
  await requireProject(deps, workspaceId, projectId);
  const unique = [...new Set(fileIds)];
  const found = new Set(await deps.store.documents.existingFileIds(workspaceId, unique));
  // A file of another workspace answers as one that does not exist, so ids cannot be probed.
  if (unique.some((id) => !found.has(id))) throw fileNotFound();
  const now = deps.clock.now().toISOString();
  const row = await deps.store.projects.addRow({
    project_id: projectId,
    workspace_id: workspaceId,
    uploaded_file_ids: JSON.stringify(unique),
    display_order: await deps.store.projects.nextOrder('project_rows', workspaceId, projectId),
    created_at: now,
    updated_at: now,
  });
  const parts = await deps.store.projects.getWithParts(workspaceId, projectId);
  await deps.store.cells.ensure(workspaceId, projectId, [row.id], (parts?.columns ?? []).map((c) => c.id), now);
  return presentProjectRow(row);
}

/** Adds a column (a question and its response structure) and its pending cells, one per row. */
export async function addProjectColumn(
  deps: CoreDeps<'cells' | 'projects'>,
  workspaceId: number,
  projectId: number,
  input: { title: string; query: string; responseStructure?: string | null },
) {
  await requireProject(deps, workspaceId, projectId);
  if (!input.query.trim()) throw blankField('query', input.query);
  if (!parseResponseStructure(input.responseStructure)) throw badResponseStructure(input.responseStructure);
  const now = deps.clock.now().toISOString();
  const column = await deps.store.projects.addColumn({
    project_id: projectId,
    workspace_id: workspaceId,
    column_title: input.title,
    query: input.query,
    response_structure: input.responseStructure?.trim() ?? null,
    display_order: await deps.store.projects.nextOrder('project_columns', workspaceId, projectId),
    created_at: now,
    updated_at: now,
  });
  const parts = await deps.store.projects.getWithParts(workspaceId, projectId);
  await deps.store.cells.ensure(workspaceId, projectId, (parts?.rows ?? []).map((r) => r.id), [column.id], now);
  return presentProjectColumn(column);
}

export async function listProjects(deps: CoreDeps<'projects'>, workspaceId: number) {
  return (await deps.store.projects.listWithParts(workspaceId)).map(presentProject);
}

import type { CoreDeps } from '../../shared/deps.js';
import { invalidInput, notFound } from '../admin.errors.js';
import { presentProject, presentProjectColumn, presentProjectRow } from './projects.presenter.js';
import { projectTypes, type ProjectType } from './projects.schemas.js';

export async function createProject(
  deps: CoreDeps,
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

/** Adds a row of files; every file must belong to the project's workspace. */
export async function addProjectRow(deps: CoreDeps, workspaceId: number, projectId: number, fileIds: number[]) {
  if (!(await deps.store.projects.getById(workspaceId, projectId))) throw notFound('project', projectId);
  const unique = [...new Set(fileIds)];
  const found = new Set(await deps.store.documents.existingFileIds(workspaceId, unique));
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length > 0) throw invalidInput(`files not in this workspace: ${missing.join(', ')}`);
  const now = deps.clock.now().toISOString();
  const row = await deps.store.projects.addRow({
    project_id: projectId,
    workspace_id: workspaceId,
    uploaded_file_ids: JSON.stringify(unique),
    display_order: await deps.store.projects.nextOrder('project_rows', workspaceId, projectId),
    created_at: now,
    updated_at: now,
  });
  return presentProjectRow(row);
}

export async function addProjectColumn(
  deps: CoreDeps,
  workspaceId: number,
  projectId: number,
  input: { title: string; query: string; responseStructure?: string | null },
) {
  if (!(await deps.store.projects.getById(workspaceId, projectId))) throw notFound('project', projectId);
  if (!input.query.trim()) throw invalidInput('query must not be empty');
  const now = deps.clock.now().toISOString();
  const column = await deps.store.projects.addColumn({
    project_id: projectId,
    workspace_id: workspaceId,
    column_title: input.title,
    query: input.query,
    response_structure: input.responseStructure ?? null,
    display_order: await deps.store.projects.nextOrder('project_columns', workspaceId, projectId),
    created_at: now,
    updated_at: now,
  });
  return presentProjectColumn(column);
}

export async function listProjects(deps: CoreDeps, workspaceId: number) {
  return (await deps.store.projects.listWithParts(workspaceId)).map(presentProject);
}

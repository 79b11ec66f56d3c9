import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../http/auth.plugin.js';
import { authedRouteSchema } from '../../http/route-schema.js';
import type { CoreDeps } from '../../shared/deps.js';
import { WorkspaceIdParams } from '../workspaces/workspaces.schemas.js';
import { requireProjectWorkspace } from './project-actions.js';
import { deleteProjectColumn, deleteProjectRow, updateProjectColumn } from './project-parts.usecases.js';
import type { ProjectServices } from './project-services.js';
import {
  AddColumnBody,
  AddRowBody,
  CreateProjectBody,
  PatchColumnBody,
  ProjectColumnParams,
  ProjectColumnSchema,
  ProjectIdParams,
  ProjectRowParams,
  ProjectRowSchema,
  ProjectSchema,
} from './projects.schemas.js';
import { addProjectColumn, addProjectRow, createProject } from './projects.usecases.js';
import { Type } from '@sinclair/typebox';

const write = { scope: 'projects:write', api: 'workspace' } as const;
const schema = (summary: string, extra: Omit<Parameters<typeof authedRouteSchema>[0], 'summary' | 'tags' | 'api'>) =>
  authedRouteSchema({ summary, tags: ['projects'], api: 'workspace', ...extra });

/** Project writes (extensions): create projects, add and remove rows and columns, change a column's question. */
export function projectWriteRoutes(core: CoreDeps, projects: ProjectServices) {
  const kick = () => projects.runner.kick();
  return async (app: FastifyInstance) => {
    app.post<{ Params: WorkspaceIdParams; Body: CreateProjectBody }>(
      '/v1/workspaces/:workspace_id/projects',
      { config: write, schema: schema('Create a project', { params: WorkspaceIdParams, body: CreateProjectBody, success: { 201: ProjectSchema } }) },
      async (request, reply) => {
        const workspace = await requireProjectWorkspace(core, principalOf(request), request.params.workspace_id, 'projects:write');
        const created = await createProject(core, workspace.org_id, {
          workspaceId: workspace.id,
          name: request.body.name,
          description: request.body.description ?? null,
          ...(request.body.project_type ? { type: request.body.project_type } : {}),
        });
        return reply.code(201).send(created);
      },
    );

    app.post<{ Params: ProjectIdParams; Body: AddRowBody }>(
      '/v1/workspaces/:workspace_id/projects/:project_id/rows',
      { config: write, schema: schema('Add a row of files to a project', { params: ProjectIdParams, body: AddRowBody, success: { 201: ProjectRowSchema }, errors: [404] }) },
      async (request, reply) => {
        const workspace = await requireProjectWorkspace(core, principalOf(request), request.params.workspace_id, 'projects:write');
        return reply.code(201).send(await addProjectRow(core, workspace.id, request.params.project_id, request.body.uploaded_file_ids));
      },
    );

    app.post<{ Params: ProjectIdParams; Body: AddColumnBody }>(
      '/v1/workspaces/:workspace_id/projects/:project_id/columns',
      { config: write, schema: schema('Add a column (a question) to a project', { params: ProjectIdParams, body: AddColumnBody, success: { 201: ProjectColumnSchema }, errors: [404] }) },
      async (request, reply) => {
        const workspace = await requireProjectWorkspace(core, principalOf(request), request.params.workspace_id, 'projects:write');
        const column = await addProjectColumn(core, workspace.id, request.params.project_id, {
          title: request.body.column_title,
          query: request.body.query,
          responseStructure: request.body.response_structure,
        });
        return reply.code(201).send(column);
      },
    );

    app.patch<{ Params: ProjectColumnParams; Body: PatchColumnBody }>(
      '/v1/workspaces/:workspace_id/projects/:project_id/columns/:column_id',
      {
        config: write,
        schema: schema("Change a column; a new query or structure runs that column's cells again", { params: ProjectColumnParams, body: PatchColumnBody, success: { 200: ProjectColumnSchema }, errors: [404] }),
      },
      async (request) => {
        const workspace = await requireProjectWorkspace(core, principalOf(request), request.params.workspace_id, 'projects:write');
        return updateProjectColumn(core, kick, { workspaceId: workspace.id, projectId: request.params.project_id, columnId: request.params.column_id }, request.body);
      },
    );

    app.delete<{ Params: ProjectRowParams }>(
      '/v1/workspaces/:workspace_id/projects/:project_id/rows/:row_id',
      { config: write, schema: schema('Remove a row and its cells', { params: ProjectRowParams, success: { 204: Type.Null() }, errors: [404] }) },
      async (request, reply) => {
        const workspace = await requireProjectWorkspace(core, principalOf(request), request.params.workspace_id, 'projects:write');
        await deleteProjectRow(core, { workspaceId: workspace.id, projectId: request.params.project_id, rowId: request.params.row_id });
        return reply.code(204).send();
      },
    );

    app.delete<{ Params: ProjectColumnParams }>(
      '/v1/workspaces/:workspace_id/projects/:project_id/columns/:column_id',
      { config: write, schema: schema('Remove a column and its cells', { params: ProjectColumnParams, success: { 204: Type.Null() }, errors: [404] }) },
      async (request, reply) => {
        const workspace = await requireProjectWorkspace(core, principalOf(request), request.params.workspace_id, 'projects:write');
        await deleteProjectColumn(core, { workspaceId: workspace.id, projectId: request.params.project_id, columnId: request.params.column_id });
        return reply.code(204).send();
      },
    );
  };
}

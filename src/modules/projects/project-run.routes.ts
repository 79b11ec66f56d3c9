import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { principalOf } from '../../http/auth.plugin.js';
import { authedRouteSchema } from '../../http/route-schema.js';
import type { CoreDeps } from '../../shared/deps.js';
import { requireProjectWorkspace } from './project-actions.js';
import { getProjectCells, runProject } from './project-cells.usecases.js';
import { exportProject } from './project-export.usecases.js';
import type { ProjectServices } from './project-services.js';
import { CellsResponseSchema, ExportQuery, ProjectIdParams, RunAcceptedSchema } from './projects.schemas.js';

const schema = (summary: string, extra: Omit<Parameters<typeof authedRouteSchema>[0], 'summary' | 'tags' | 'api'>) =>
  authedRouteSchema({ summary, tags: ['projects'], api: 'workspace', ...extra });

/** Running a project's cells, reading them, and exporting the grid (extensions). */
export function projectRunRoutes(core: CoreDeps, projects: ProjectServices) {
  return async (app: FastifyInstance) => {
    app.post<{ Params: ProjectIdParams }>(
      '/v1/workspaces/:workspace_id/projects/:project_id/run',
      {
        config: { scope: 'query:run', api: 'workspace' },
        schema: schema('Run every cell not yet done, in the background', { params: ProjectIdParams, success: { 202: RunAcceptedSchema }, errors: [404] }),
      },
      async (request, reply) => {
        const workspace = await requireProjectWorkspace(core, principalOf(request), request.params.workspace_id, 'projects:run');
        return reply.code(202).send(await runProject(core, () => projects.runner.kick(), workspace.id, request.params.project_id));
      },
    );

    app.get<{ Params: ProjectIdParams }>(
      '/v1/workspaces/:workspace_id/projects/:project_id/cells',
      {
        config: { scope: 'workspaces:read', api: 'workspace' },
        schema: schema("The project's cells with their values, citations and progress", { params: ProjectIdParams, success: { 200: CellsResponseSchema }, errors: [404] }),
      },
      async (request) => {
        const workspace = await requireProjectWorkspace(core, principalOf(request), request.params.workspace_id, 'projects:read');
        return getProjectCells(core, workspace.id, request.params.project_id);
      },
    );

    app.get<{ Params: ProjectIdParams; Querystring: ExportQuery }>(
      '/v1/workspaces/:workspace_id/projects/:project_id/export',
      {
        config: { scope: 'workspaces:read', api: 'workspace' },
        schema: schema('The grid as CSV, or XLSX with a Citations sheet', {
          params: ProjectIdParams,
          querystring: ExportQuery,
          success: { 200: Type.String({ format: 'binary', description: 'text/csv, or an XLSX workbook (Content-Type says which)' }) },
          errors: [404],
        }),
      },
      async (request, reply) => {
        const workspace = await requireProjectWorkspace(core, principalOf(request), request.params.workspace_id, 'projects:read');
        const exported = await exportProject(core, workspace.id, request.params.project_id, request.query.format);
        return reply
          .header('content-type', exported.contentType)
          .header('content-disposition', `attachment; filename="${exported.fileName}"`)
          .send(exported.body);
      },
    );
  };
}

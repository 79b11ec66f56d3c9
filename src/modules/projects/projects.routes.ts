import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { CoreDeps } from '../../shared/deps.js';
import { principalOf } from '../../http/auth.plugin.js';
import { authedRouteSchema } from '../../http/route-schema.js';
import { requireWorkspace } from '../auth/workspace-access.js';
import { WorkspaceIdParams } from '../workspaces/workspaces.schemas.js';
import { ProjectSchema } from './projects.schemas.js';
import { listProjects } from './projects.usecases.js';

export function projectsRoutes(deps: CoreDeps) {
  return async (app: FastifyInstance) => {
    app.get<{ Params: WorkspaceIdParams }>(
      '/v1/workspaces/:workspace_id/projects',
      {
        config: { scope: 'workspaces:read', api: 'workspace' },
        schema: authedRouteSchema({
          summary: "The workspace's projects with their rows and columns",
          tags: ['workspaces'],
          api: 'workspace',
          params: WorkspaceIdParams,
          success: { 200: Type.Array(ProjectSchema) },
        }),
      },
      async (request) => {
        const workspace = await requireWorkspace(deps, principalOf(request), request.params.workspace_id, 'projects.read');
        return listProjects(deps, workspace.id);
      },
    );
  };
}

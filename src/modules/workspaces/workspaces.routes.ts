import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { CoreDeps } from '../../shared/deps.js';
import { principalOf } from '../../http/auth.plugin.js';
import { authedRouteSchema } from '../../http/route-schema.js';
import { listAccessibleWorkspaces, requireWorkspace } from '../auth/workspace-access.js';
import { presentWorkspace } from './workspaces.presenter.js';
import { WorkspaceIdParams, WorkspaceSchema } from './workspaces.schemas.js';

export function workspacesRoutes(deps: CoreDeps) {
  return async (app: FastifyInstance) => {
    app.get(
      '/v1/workspaces',
      {
        config: { scope: 'workspaces:read', api: 'workspace' },
        schema: authedRouteSchema({
          summary: 'Workspaces the key can reach',
          tags: ['workspaces'],
          api: 'workspace',
          success: { 200: Type.Array(WorkspaceSchema) },
        }),
      },
      async (request) => (await listAccessibleWorkspaces(deps, principalOf(request))).map(presentWorkspace),
    );

    app.get<{ Params: WorkspaceIdParams }>(
      '/v1/workspaces/:workspace_id',
      {
        config: { scope: 'workspaces:read', api: 'workspace' },
        schema: authedRouteSchema({
          summary: 'One workspace',
          tags: ['workspaces'],
          api: 'workspace',
          params: WorkspaceIdParams,
          success: { 200: WorkspaceSchema },
        }),
      },
      async (request) => presentWorkspace(await requireWorkspace(deps, principalOf(request), request.params.workspace_id, 'workspace.read')),
    );
  };
}

import type { FastifyInstance } from 'fastify';
import type { CoreDeps } from '../../shared/deps.js';
import { principalOf } from '../../http/auth.plugin.js';
import { authedRouteSchema } from '../../http/route-schema.js';
import { requireWorkspace } from '../auth/workspace-access.js';
import { WorkspaceIdParams } from '../workspaces/workspaces.schemas.js';
import { DocumentTreeQuery, DocumentTreeResponseSchema } from './documents.schemas.js';
import { getDocumentTree } from './documents.usecases.js';

export function documentTreeRoutes(deps: CoreDeps) {
  return async (app: FastifyInstance) => {
    app.get<{ Params: WorkspaceIdParams; Querystring: DocumentTreeQuery }>(
      '/v1/workspaces/:workspace_id/documents',
      {
        config: { scope: 'documents:read', api: 'workspace' },
        schema: authedRouteSchema({
          summary: "The workspace's directories and files as one flat list (optionally paged with limit and cursor)",
          tags: ['documents'],
          api: 'workspace',
          params: WorkspaceIdParams,
          querystring: DocumentTreeQuery,
          success: { 200: DocumentTreeResponseSchema },
        }),
      },
      async (request) => getDocumentTree(deps, await requireWorkspace(deps, principalOf(request), request.params.workspace_id, 'documents.read'), request.query),
    );
  };
}

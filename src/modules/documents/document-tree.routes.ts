import type { FastifyInstance } from 'fastify';
import type { CoreDeps } from '../../shared/deps.js';
import { principalOf } from '../../http/auth.plugin.js';
import { authedRouteSchema } from '../../http/route-schema.js';
import { requireWorkspace } from '../auth/workspace-access.js';
import { WorkspaceIdParams } from '../workspaces/workspaces.schemas.js';
import { DocumentTreeQuery, DocumentTreeResponseSchema } from './documents.schemas.js';
import { getDocumentTree } from './documents.usecases.js';
import { chooseTreeBody, treeBody, type TreeBody } from './tree-body.js';

/** Serialized bodies of whole trees, by the response object they were made from. */
const serializedTrees = new WeakMap<object, TreeBody>();

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
      async (request, reply) => {
        const tree = await getDocumentTree(deps, await requireWorkspace(deps, principalOf(request), request.params.workspace_id, 'documents.read'), request.query);
        if (request.query.limit !== undefined || request.query.cursor !== undefined) return tree;
        // The whole tree is the same object between writes (getDocumentTree): its body is
        // serialized once, not per request. At 1,000 files, serializing it and measuring the
        // string for Content-Length took a sixth of the event loop under mixed load.
        let body = serializedTrees.get(tree);
        if (!body) {
          const serialized = reply.serialize(tree);
          body = treeBody(typeof serialized === 'string' ? Buffer.from(serialized) : Buffer.from(serialized as ArrayBuffer));
          serializedTrees.set(tree, body);
        }
        const { bytes, encoding } = chooseTreeBody(body, request.headers);
        if (encoding) reply.header('content-encoding', encoding);
        return reply.header('vary', 'accept-encoding').type('application/json; charset=utf-8').send(bytes);
      },
    );
  };
}

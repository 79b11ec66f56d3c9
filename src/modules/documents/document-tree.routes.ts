import type { FastifyInstance } from 'fastify';
import type { CoreDeps } from '../../shared/deps.js';
import { principalOf } from '../../http/auth.plugin.js';
import { authedRouteSchema } from '../../http/route-schema.js';
import { requireWorkspace } from '../auth/workspace-access.js';
import { WorkspaceIdParams } from '../workspaces/workspaces.schemas.js';
import { DocumentTreeQuery, DocumentTreeResponseSchema } from './documents.schemas.js';
import { getDocumentTree } from './documents.usecases.js';
import { chooseTreeBody, extendedTreeBody, treeBody, type TreeBody } from './tree-body.js';
import { extendTreeBody } from './tree-body-extension.js';
import type { DocumentTreeResponse } from './documents.schemas.js';

/** Serialized bodies of whole trees, by the response object they were made from. */
const serializedTrees = new WeakMap<object, TreeBody>();
/** The tree last serialized of each workspace, which the next version extends when files were only added. */
const lastSerialized = new Map<number, { tree: DocumentTreeResponse; body: TreeBody }>();
/** Workspaces whose last tree is kept: a tree of 20,000 files is 3 MB of JSON. */
const MAX_LAST_SERIALIZED = 32;

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
          const serialize = (whole: DocumentTreeResponse) => {
            const serialized = reply.serialize(whole);
            return typeof serialized === 'string' ? serialized : Buffer.from(serialized as ArrayBuffer).toString();
          };
          const last = lastSerialized.get(tree.workspace_id);
          const extended = last && extendTreeBody(last.tree, last.body.identity, tree, serialize);
          body = last && extended ? extendedTreeBody(last.body, extended) : treeBody(Buffer.from(serialize(tree)));
          serializedTrees.set(tree, body);
          if (lastSerialized.size >= MAX_LAST_SERIALIZED && !lastSerialized.has(tree.workspace_id)) lastSerialized.clear();
          lastSerialized.set(tree.workspace_id, { tree, body });
        }
        const { bytes, encoding } = chooseTreeBody(body, request.headers);
        if (encoding) reply.header('content-encoding', encoding);
        return reply.header('vary', 'accept-encoding').type('application/json; charset=utf-8').send(bytes);
      },
    );
  };
}

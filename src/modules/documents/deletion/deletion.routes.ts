import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../http/auth.plugin.js';
import { authedRouteSchema } from '../../../http/route-schema.js';
import { requireWorkspace } from '../../auth/workspace-access.js';
import { deleteDirectory, deleteFile, type DeletionDeps } from './deletion.usecases.js';

const FileParams = Type.Object({ workspace_id: Type.Integer(), file_id: Type.Integer() });
const DirectoryParams = Type.Object({ workspace_id: Type.Integer(), directory_id: Type.Integer() });
const DirectoryQuery = Type.Object({
  recursive: Type.Optional(Type.Boolean({ default: false, description: 'also delete every directory and file below it' })),
});
const Deleted = Type.Null({ description: 'Deleted' });

/** DELETE of files and directories (extensions): tree, passages, page texts, jobs, unshared blobs. */
export function deletionRoutes(deps: DeletionDeps) {
  return async (app: FastifyInstance) => {
    app.delete<{ Params: Static<typeof FileParams> }>(
      '/v1/workspaces/:workspace_id/documents/:file_id',
      {
        config: { scope: 'documents:write', api: 'workspace' },
        schema: authedRouteSchema({
          summary: 'Delete a file: from the tree, the search index and, once no file uses its bytes, the blob store',
          tags: ['documents'],
          api: 'workspace',
          params: FileParams,
          success: { 204: Deleted },
          errors: [404],
        }),
      },
      async (request, reply) => {
        const workspace = await requireWorkspace(deps, principalOf(request), request.params.workspace_id, 'documents.write');
        await deleteFile(deps, workspace.id, request.params.file_id);
        return reply.code(204).send();
      },
    );

    app.delete<{ Params: Static<typeof DirectoryParams>; Querystring: Static<typeof DirectoryQuery> }>(
      '/v1/workspaces/:workspace_id/directories/:directory_id',
      {
        config: { scope: 'documents:write', api: 'workspace' },
        schema: authedRouteSchema({
          summary: 'Delete a directory: an empty one, or with recursive=true everything below it',
          tags: ['documents'],
          api: 'workspace',
          params: DirectoryParams,
          querystring: DirectoryQuery,
          success: { 204: Deleted },
          errors: [404, 409],
        }),
      },
      async (request, reply) => {
        const workspace = await requireWorkspace(deps, principalOf(request), request.params.workspace_id, 'documents.write');
        await deleteDirectory(deps, workspace.id, request.params.directory_id, request.query.recursive ?? false);
        return reply.code(204).send();
      },
    );
  };
}

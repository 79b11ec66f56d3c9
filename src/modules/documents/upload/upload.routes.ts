import { rm } from 'node:fs/promises';
import multipart from '@fastify/multipart';
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config/config.js';
import { principalOf } from '../../../http/auth.plugin.js';
import type { OperationPatch } from '../../../http/openapi.js';
import { authedRouteSchema } from '../../../http/route-schema.js';
import { Nullable } from '../../../http/schema-helpers.js';
import type { CoreDeps } from '../../../shared/deps.js';
import { requireWorkspace } from '../../auth/workspace-access.js';
import { WorkspaceIdParams } from '../../workspaces/workspaces.schemas.js';
import type { DocumentServices } from '../document-services.js';
import { idempotencyKeyReused } from '../documents.errors.js';
import { receiveMultipartFile } from './receive-multipart.js';
import { assertDirectoryOfWorkspace, assertQueueHasRoom, storeUpload, type UploadDeps } from './upload.usecases.js';

const UploadQuery = Type.Object({ parent_directory_id: Type.Optional(Nullable(Type.Integer())) });
const UploadHeaders = Type.Object({
  'x-idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7E]+$' })),
});
export const DocumentUploadResponseSchema = Type.Object(
  {
    file_id: Type.Integer(),
    file_name: Type.String(),
    status: Type.Union([Type.Literal('processing'), Type.Literal('ready'), Type.Literal('failed')]),
  },
  { title: 'DocumentUploadResponse' },
);

const PATH = '/v1/workspaces/:workspace_id/documents';

/** The multipart body is streamed by the handler, so it is described here rather than validated. */
export const uploadOpenApiPatch: OperationPatch = {
  path: '/v1/workspaces/{workspace_id}/documents',
  method: 'post',
  patch: {
    requestBody: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } },
        },
      },
    },
  },
};

export function uploadRoutes(core: CoreDeps, documents: DocumentServices, config: Config) {
  const deps: UploadDeps = { ...core, blobs: documents.blobs, queue: documents.queue, queueLimits: { workspace: config.ingestWorkspaceQueueLimit, org: config.ingestOrgQueueLimit, total: config.ingestQueueLimit }, readyWaitMs: config.uploadReadyWaitMs };
  return async (app: FastifyInstance) => {
    await app.register(multipart, { limits: { fileSize: config.maxUploadBytes } });
    app.post<{ Params: WorkspaceIdParams; Querystring: Static<typeof UploadQuery>; Headers: Static<typeof UploadHeaders> }>(
      PATH,
      {
        config: { scope: 'documents:write', api: 'workspace' },
        schema: authedRouteSchema({
          summary: 'Upload a document (multipart part `file`); identical bytes answer with the existing file',
          tags: ['documents'],
          api: 'workspace',
          params: WorkspaceIdParams,
          querystring: UploadQuery,
          headers: UploadHeaders,
          success: { 200: DocumentUploadResponseSchema },
          errors: [409, 413],
        }),
      },
      async (request, reply) => {
        const principal = principalOf(request);
        const workspace = await requireWorkspace(core, principal, request.params.workspace_id, 'documents.write');
        const directoryId = request.query.parent_directory_id ?? null;
        await assertDirectoryOfWorkspace(core, workspace.id, directoryId);
        const idemKey = request.headers['x-idempotency-key'];
        const start = idemKey
          ? await documents.idempotency.begin(principal.keyId, idemKey, workspace.id, directoryId, core.clock.now())
          : null;
        try {
          if (start?.kind !== 'replay') await assertQueueHasRoom(deps, workspace);
          const received = await receiveMultipartFile(request, documents.blobs.tempDir(), config.maxUploadBytes, config.bodyTimeoutMs);
          if (start?.kind === 'replay' && idemKey) {
            await rm(received.tempPath, { force: true });
            if (start.contentSha256 !== received.sha256) throw idempotencyKeyReused(idemKey);
            return reply.code(start.response.status).send(start.response.body);
          }
          const result = await storeUpload(deps, workspace, directoryId, received);
          if (idemKey) await documents.idempotency.complete(principal.keyId, idemKey, received.sha256, { status: 200, body: result });
          return result;
        } catch (error) {
          // Only a completed upload is replayed; after any failure the key is free for a retry.
          if (idemKey && start?.kind === 'fresh') await documents.idempotency.abandon(principal.keyId, idemKey);
          throw error;
        }
      },
    );
  };
}

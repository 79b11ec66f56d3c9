import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../http/auth.plugin.js';
import { authedRouteSchema } from '../../http/route-schema.js';
import { Nullable } from '../../http/schema-helpers.js';
import type { CoreDeps } from '../../shared/deps.js';
import { requireWorkspace } from '../auth/workspace-access.js';
import { fileNotFound } from './documents.errors.js';

const FileParams = Type.Object({ workspace_id: Type.Integer(), file_id: Type.Integer() });
const DocumentFileSchema = Type.Object(
  {
    file_id: Type.Integer(),
    file_name: Type.String(),
    status: Type.Union([Type.Literal('processing'), Type.Literal('ready'), Type.Literal('failed')]),
    error: Nullable(Type.String({ description: 'Why extraction failed, or what a ready file could not read' })),
    content_type: Nullable(Type.String()),
    size_bytes: Type.Integer(),
    sha256: Type.String(),
    page_count: Nullable(Type.Integer()),
    parent_directory_id: Nullable(Type.Integer()),
    created_at: Type.String({ format: 'date-time' }),
  },
  { title: 'DocumentFile' },
);
type DocumentFile = Static<typeof DocumentFileSchema>;

/** GET /v1/workspaces/{workspace_id}/documents/{file_id}: one file's ingestion state (an extension). */
export function fileRoutes(core: CoreDeps) {
  return async (app: FastifyInstance) => {
    app.get<{ Params: Static<typeof FileParams> }>(
      '/v1/workspaces/:workspace_id/documents/:file_id',
      {
        config: { scope: 'documents:read', api: 'workspace' },
        schema: authedRouteSchema({
          summary: "One file's metadata and ingestion status",
          tags: ['documents'],
          api: 'workspace',
          params: FileParams,
          success: { 200: DocumentFileSchema },
          errors: [404],
        }),
      },
      async (request): Promise<DocumentFile> => {
        const workspace = await requireWorkspace(core, principalOf(request), request.params.workspace_id, 'documents.read');
        const file = await core.store.documents.getFile(workspace.id, request.params.file_id);
        if (!file) throw fileNotFound();
        return {
          file_id: file.id,
          file_name: file.file_name,
          status: file.status as DocumentFile['status'],
          error: file.error,
          content_type: file.content_type,
          size_bytes: Number(file.size_bytes),
          sha256: file.sha256,
          page_count: file.page_count,
          parent_directory_id: file.parent_directory_id,
          created_at: file.created_at,
        };
      },
    );
  };
}

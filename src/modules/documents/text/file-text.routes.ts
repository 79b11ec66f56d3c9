import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../http/auth.plugin.js';
import { authedRouteSchema } from '../../../http/route-schema.js';
import type { CoreDeps } from '../../../shared/deps.js';
import { requireWorkspace } from '../../auth/workspace-access.js';
import { getFileText, type FileText } from './file-text.usecases.js';

const FileTextParams = Type.Object({ workspace_id: Type.Integer(), file_id: Type.Integer() });
const FileTextSchema = Type.Object(
  {
    file_id: Type.Integer(),
    file_name: Type.String(),
    pages: Type.Array(
      Type.Object({
        page: Type.Integer({ description: '1-based; formats without pages have one page' }),
        text: Type.String({ description: "The page's extracted text; a citation's start/end are offsets into it" }),
      }),
      { description: 'Empty while the file is processing, or when its text could not be extracted' },
    ),
  },
  { title: 'FileText' },
);

/** GET /v1/workspaces/{workspace_id}/documents/{file_id}/text: the extracted text citations point into (an extension). */
export function fileTextRoutes(core: CoreDeps) {
  return async (app: FastifyInstance) => {
    app.get<{ Params: Static<typeof FileTextParams> }>(
      '/v1/workspaces/:workspace_id/documents/:file_id/text',
      {
        config: { scope: 'documents:read', api: 'workspace' },
        schema: authedRouteSchema({
          summary: "A file's extracted text, page by page",
          tags: ['documents'],
          api: 'workspace',
          params: FileTextParams,
          success: { 200: FileTextSchema },
          errors: [404],
        }),
      },
      async (request): Promise<FileText> => {
        const workspace = await requireWorkspace(core, principalOf(request), request.params.workspace_id, 'documents.read');
        return getFileText(core, workspace, request.params.file_id);
      },
    );
  };
}

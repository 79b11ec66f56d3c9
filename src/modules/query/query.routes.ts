import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../http/auth.plugin.js';
import { authedRouteSchema } from '../../http/route-schema.js';
import type { CoreDeps } from '../../shared/deps.js';
import { requireWorkspace } from '../auth/workspace-access.js';
import { WorkspaceIdParams } from '../workspaces/workspaces.schemas.js';
import type { AnswerResult } from './answer-engine.js';
import { validateQuestion } from './query.usecases.js';

const QueryRequestSchema = Type.Object(
  { question: Type.String({ minLength: 1, description: 'A natural-language question about the workspace; 1 to 8,000 characters after trimming.' }) },
  { title: 'QueryRequest' },
);
const QueryResponseSchema = Type.Object(
  {
    answer: Type.String({ description: 'The answer, citing files with tags written `<<file_id = N>>` after the sentences they support.' }),
    citations: Type.Array(Type.Integer(), { description: 'The cited file ids, once each, in first-cited order.' }),
  },
  { title: 'QueryResponse' },
);

/** Where answering runs (threads, behind admission): the route only validates and authorizes. */
export interface QueryRunner {
  query(workspaceId: number, question: string): Promise<AnswerResult>;
}

export function queryRoutes(core: CoreDeps, runner: QueryRunner) {
  return async (app: FastifyInstance) => {
    app.post<{ Params: WorkspaceIdParams; Body: Static<typeof QueryRequestSchema> }>(
      '/v1/workspaces/:workspace_id/query',
      {
        config: { scope: 'query:run', api: 'workspace' },
        schema: authedRouteSchema({
          summary: "Answer a question from the workspace's own files, with file citations",
          tags: ['query'],
          api: 'workspace',
          params: WorkspaceIdParams,
          body: QueryRequestSchema,
          success: { 200: QueryResponseSchema },
        }),
      },
      async (request) => {
        const question = validateQuestion(request.body.question);
        const workspace = await requireWorkspace(core, principalOf(request), request.params.workspace_id, 'query.run');
        return runner.query(workspace.id, question);
      },
    );
  };
}

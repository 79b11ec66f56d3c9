import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';

/** Registers the OpenAPI generator; every route's TypeBox schemas become its text. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Folio API',
        version: '1.0.0',
        description: 'Workspaces (documents, projects, cited answers from a workspace) and statute research (cited answers, sections, comparison, assertion checks).',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key: `folio_live_` and 40 base62 characters.' } },
      },
    },
    hideUntagged: false,
  });
}

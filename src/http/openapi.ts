import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { appSecuritySchemes, finishDocument } from './openapi-finish.js';

/** A fragment merged into one operation of the generated document. */
export interface OperationPatch {
  path: string;
  method: 'get' | 'post';
  patch: Record<string, unknown>;
}

/**
 * The generated OpenAPI document with the patches merged in. Patches describe what route schemas
 * cannot without changing validation, such as a streamed multipart request body.
 */
export function openApiDocument(app: FastifyInstance, patches: OperationPatch[]): unknown {
  const doc = app.swagger() as { paths?: Record<string, Record<string, Record<string, unknown>>> };
  for (const { path, method, patch } of patches) {
    const operation = doc.paths?.[path]?.[method];
    if (operation) Object.assign(operation, patch);
  }
  return finishDocument(doc);
}

/** Registers the OpenAPI generator; every route's TypeBox schemas become its text. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      servers: [{ url: '/', description: 'This server (the document is served from its root)' }],
      info: {
        title: 'Folio API',
        version: '1.0.0',
        description: 'Workspaces (documents, projects, cited answers from a workspace) and statute research (cited answers, sections, comparison, assertion checks).',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key: `folio_live_` and 40 base62 characters.' },
          ...appSecuritySchemes,
        },
      },
    },
    hideUntagged: false,
  });
}

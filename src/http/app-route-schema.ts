import type { TSchema } from '@sinclair/typebox';
import type { FastifySchema } from 'fastify';
import { ErrorSchema, ValidationErrorSchema } from './schema-helpers.js';

interface AppRouteSchemaInput {
  summary: string;
  operationId: string;
  params?: TSchema;
  body?: TSchema;
  success: Record<number, TSchema | null>;
  /** Sign-in: no session needed (the Origin check still applies). */
  public?: boolean;
  errors?: number[];
}

/** The schema of an app-only route: session cookie security (and the CSRF header on writes), its errors. */
export function appRouteSchema(input: AppRouteSchemaInput): FastifySchema {
  const response: Record<number, TSchema | { type: 'null'; description: string }> = {};
  for (const [status, schema] of Object.entries(input.success)) {
    response[Number(status)] = schema ?? { type: 'null', description: 'No content' };
  }
  for (const status of [401, 403, ...(input.errors ?? [])]) response[status] = ErrorSchema;
  if (input.body || input.params) response[422] = ValidationErrorSchema;
  const schema: FastifySchema & { operationId: string } = {
    summary: input.summary,
    operationId: input.operationId,
    tags: ['app'],
    security: input.public ? [] : [{ sessionCookie: [], csrfHeader: [] }],
    response,
  };
  if (input.params) schema.params = input.params;
  if (input.body) schema.body = input.body;
  return schema;
}

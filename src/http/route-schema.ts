import type { TSchema } from '@sinclair/typebox';
import type { FastifySchema } from 'fastify';
import { ErrorSchema, ValidationErrorSchema } from './schema-helpers.js';

interface RouteSchemaInput {
  summary: string;
  tags: string[];
  params?: TSchema;
  querystring?: TSchema;
  body?: TSchema;
  headers?: TSchema;
  /** Success responses by status, e.g. { 200: WorkspaceSchema }. */
  success: Record<number, TSchema>;
  /** Which interface's error bodies the route answers with. */
  api: 'workspace' | 'statute';
  /** Extra error statuses this route can answer (413, 409, 400, ...). */
  errors?: number[];
}

/**
 * A route's schema with the error responses every authenticated route shares, so the OpenAPI text
 * lists each status the contract allows and the serializer drops any field not declared.
 */
export function authedRouteSchema(input: RouteSchemaInput): FastifySchema {
  const response: Record<number, TSchema> = { ...input.success };
  for (const status of [401, 403, 429, 503, ...(input.errors ?? [])]) response[status] = ErrorSchema;
  if (input.api === 'workspace') response[422] = ValidationErrorSchema;
  else response[400] = ErrorSchema;
  const schema: FastifySchema = { summary: input.summary, tags: input.tags, security: [{ bearerAuth: [] }], response };
  if (input.params) schema.params = input.params;
  if (input.querystring) schema.querystring = input.querystring;
  if (input.body) schema.body = input.body;
  if (input.headers) schema.headers = input.headers;
  return schema;
}

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { deriveOperationId, finishDocument } from './openapi-finish.js';

test('operationIds are derived from method and path, without the version, unique', () => {
  assert.equal(deriveOperationId('get', '/v1/workspaces/{workspace_id}/documents'), 'getWorkspacesByWorkspaceIdDocuments');
  assert.equal(deriveOperationId('post', '/v1/ask'), 'postAsk');
  assert.equal(deriveOperationId('post', '/v1/ask', new Set(['postAsk'])), 'postAsk2');
});

test('titled schemas become components once; an untitled JSON body is named after its operation', () => {
  const error = { title: 'Error', type: 'object', properties: { detail: { type: 'string' } } };
  const doc = finishDocument({
    paths: {
      '/v1/things': {
        get: {
          security: [{ bearerAuth: [] }],
          responses: {
            '200': { content: { 'application/json': { schema: { type: 'object', properties: { items: { type: 'array', items: { title: 'Thing', type: 'object' } } } } } } },
            '429': { content: { 'application/json': { schema: error } } },
          },
        },
        post: { operationId: 'makeThing', responses: { '400': { content: { 'application/json': { schema: error } } } } },
      },
    },
  }) as { paths: Record<string, Record<string, { operationId: string; security: unknown[]; responses: Record<string, { headers?: Record<string, unknown>; content: Record<string, { schema: unknown }> }> }>>; components: { schemas: Record<string, unknown> } };
  const get = doc.paths['/v1/things']!.get!;
  assert.equal(get.operationId, 'getThings');
  assert.deepEqual(get.responses['200']!.content['application/json']!.schema, { $ref: '#/components/schemas/GetThingsResponse200' });
  assert.deepEqual(Object.keys(doc.components.schemas).sort(), ['Error', 'GetThingsResponse200', 'Thing']);
  assert.ok(get.responses['429']!.headers?.['Retry-After']);
  assert.ok(get.responses['200']!.headers?.['RateLimit-Remaining']);
  const post = doc.paths['/v1/things']!.post!;
  assert.equal(post.operationId, 'makeThing');
  assert.deepEqual(post.security, [], 'an operation without security is public');
  assert.equal(post.responses['400']!.headers, undefined);
});

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startTestServer, type TestServer } from '../support/test-server.js';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

interface OpenApiDoc {
  openapi: string;
  info: { version: string };
  components: { securitySchemes: Record<string, { type: string; scheme: string }> };
  paths: Record<string, Record<string, { security?: unknown[]; responses: Record<string, { content?: Record<string, { schema?: unknown }> }> }>>;
}

test('GET /openapi.json describes every public path with schemas, without a key', async () => {
  const response = await server.request('/openapi.json');
  assert.equal(response.status, 200);
  const doc = (await response.json()) as OpenApiDoc;
  assert.match(doc.openapi, /^3\./);
  assert.equal(doc.info.version, '1.0.0');
  assert.deepEqual(doc.components.securitySchemes.bearerAuth, {
    type: 'http',
    scheme: 'bearer',
    description: 'An API key: `folio_live_` and 40 base62 characters.',
  });
  const expected: Array<[string, string]> = [
    ['/v1/org', 'get'],
    ['/v1/workspaces', 'get'],
    ['/v1/workspaces/{workspace_id}', 'get'],
    ['/v1/workspaces/{workspace_id}/projects', 'get'],
    ['/v1/workspaces/{workspace_id}/projects', 'post'],
    ['/v1/workspaces/{workspace_id}/projects/{project_id}/rows', 'post'],
    ['/v1/workspaces/{workspace_id}/projects/{project_id}/rows/{row_id}', 'delete'],
    ['/v1/workspaces/{workspace_id}/projects/{project_id}/columns', 'post'],
    ['/v1/workspaces/{workspace_id}/projects/{project_id}/columns/{column_id}', 'patch'],
    ['/v1/workspaces/{workspace_id}/projects/{project_id}/columns/{column_id}', 'delete'],
    ['/v1/workspaces/{workspace_id}/projects/{project_id}/run', 'post'],
    ['/v1/workspaces/{workspace_id}/projects/{project_id}/cells', 'get'],
    ['/v1/workspaces/{workspace_id}/projects/{project_id}/export', 'get'],
    ['/v1/workspaces/{workspace_id}/documents', 'get'],
    ['/v1/workspaces/{workspace_id}/documents', 'post'],
    ['/v1/workspaces/{workspace_id}/documents/{file_id}', 'get'],
    ['/v1/workspaces/{workspace_id}/query', 'post'],
    ['/v1/statute/{citation}', 'get'],
    ['/v1/jurisdictions', 'get'],
    ['/v1/ask', 'post'],
    ['/v1/compare', 'post'],
    ['/v1/check', 'post'],
    ['/healthz', 'get'],
  ];
  for (const [path, method] of expected) {
    const operation = doc.paths[path]?.[method];
    assert.ok(operation, `${method.toUpperCase()} ${path} is described`);
    for (const [status, described] of Object.entries(operation.responses)) {
      // 204 No Content has no body to describe.
      if (status !== '204') assert.ok(described.content?.['application/json']?.schema, `${path} ${status} has a schema`);
    }
    if (path !== '/healthz') {
      assert.deepEqual(operation.security, [{ bearerAuth: [] }]);
      assert.ok(Object.keys(operation.responses).some((s) => s.startsWith('2')), `${path} documents its success`);
      for (const status of ['401', '403', '429']) assert.ok(operation.responses[status], `${path} documents ${status}`);
    }
  }
  assert.deepEqual((doc.paths['/openapi.json']?.get as { security?: unknown[] } | undefined)?.security, [], 'the document itself is public');
  const uploadBody = (doc.paths['/v1/workspaces/{workspace_id}/documents']?.post as unknown as { requestBody: { content: Record<string, { schema: { required: string[] } }> } }).requestBody;
  assert.deepEqual(uploadBody.content['multipart/form-data']?.schema.required, ['file']);
});

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { startTestServer, type TestServer } from '../support/test-server.js';

type Operation = { operationId?: string; security?: unknown[]; requestBody?: { content: Record<string, { schema: Record<string, unknown> }> }; responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, { schema: Record<string, unknown> }> }> };
interface Doc {
  servers?: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; headers: Record<string, unknown>; securitySchemes: Record<string, unknown> };
}

let server: TestServer;
let doc: Doc;
const tmp = mkdtempSync(join(tmpdir(), 'folio-openapi-'));
before(async () => {
  server = await startTestServer();
  doc = (await (await server.request('/openapi.json')).json()) as Doc;
});
after(async () => {
  await server.close();
  rmSync(tmp, { recursive: true, force: true });
});

const operations = () => Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })));

test('redocly lint (recommended rules) finds no errors in /openapi.json', () => {
  const file = join(tmp, 'openapi.json');
  writeFileSync(file, JSON.stringify(doc));
  const result = spawnSync(process.execPath, ['node_modules/@redocly/cli/bin/cli.js', 'lint', '--format=json', file], {
    encoding: 'utf8',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  const report = JSON.parse(result.stdout.slice(result.stdout.indexOf('{'))) as { totals: { errors: number }; problems: Array<{ severity: string; message: string; ruleId: string }> };
  const errors = report.problems.filter((p) => p.severity === 'error');
  assert.deepEqual(errors, [], 'redocly errors');
  assert.equal(report.totals.errors, 0);
});

test('every operation has a unique operationId, and every JSON payload is a named component', () => {
  const ids = operations().map(({ op }) => op.operationId);
  assert.ok(ids.every((id) => typeof id === 'string' && id.length > 0));
  assert.equal(new Set(ids).size, ids.length);
  for (const { path, method, op } of operations()) {
    if (path === '/openapi.json') continue;
    const bodies = [op.requestBody, ...Object.values(op.responses)].flatMap((b) => Object.values(b?.content ?? {}));
    for (const { schema } of bodies) {
      const named = typeof schema.$ref === 'string' || (schema.type === 'array' && typeof (schema.items as { $ref?: string }).$ref === 'string') || schema.format === 'binary' || (schema.properties as Record<string, { format?: string }> | undefined)?.file?.format === 'binary';
      assert.ok(named, `${method.toUpperCase()} ${path} payload is a $ref: ${JSON.stringify(schema).slice(0, 120)}`);
    }
  }
  for (const name of ['Workspace', 'DocumentTreeResponse', 'QueryRequest', 'QueryResponse', 'Error', 'HTTPValidationError', 'ApiKey', 'CreatedApiKey', 'Session']) {
    assert.ok(doc.components.schemas[name], `component ${name}`);
  }
});

test('429 and 503 declare Retry-After; key-authenticated answers declare the RateLimit headers', () => {
  for (const { path, op } of operations()) {
    for (const status of ['429', '503']) {
      if (op.responses[status]) assert.ok(op.responses[status]!.headers?.['Retry-After'], `${path} ${status} Retry-After`);
    }
    if (JSON.stringify(op.security).includes('bearerAuth')) {
      // The success answer, whichever 2xx the operation gives (201 for a create, 202 for a run).
      const success = Object.keys(op.responses).find((status) => status.startsWith('2'));
      assert.ok(success, `${path} has a success response`);
      for (const name of ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']) assert.ok(op.responses[success]?.headers?.[name], `${path} ${success} ${name}`);
    }
  }
  assert.ok(doc.components.headers['Retry-After']);
});

test('servers, public operations and the multipart upload are described', () => {
  assert.ok(doc.servers && doc.servers.length > 0);
  assert.deepEqual(doc.paths['/healthz']?.get?.security, []);
  assert.deepEqual(doc.paths['/openapi.json']?.get?.security, []);
  assert.deepEqual(doc.paths['/app/api/session']?.post?.security, []);
  assert.deepEqual(doc.paths['/app/api/session']?.get?.security, [{ sessionCookie: [], csrfHeader: [] }]);
  assert.ok(doc.components.securitySchemes.sessionCookie);
  const upload = doc.paths['/v1/workspaces/{workspace_id}/documents']?.post?.requestBody?.content['multipart/form-data']?.schema;
  assert.ok(upload);
  assert.equal((upload as { properties: { file: { format: string } } }).properties.file.format, 'binary');
  assert.ok(!Object.keys(doc.paths).some((p) => p.startsWith('/app/api/v1/')), "the app's copies of /v1 stay out of the document");
});

import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { test } from 'node:test';
import { createLogger } from '../../src/http/logging.js';
import { buildApiKey, buildTenant } from '../support/factories.js';
import { startTestServer } from '../support/test-server.js';

test('logs are JSON lines with a request id and never carry a key or an Authorization header', async () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const server = await startTestServer({ config: { logLevel: 'info' }, extraDeps: { logger: createLogger({ logLevel: 'info' }, sink) } });
  try {
    const tenant = await buildTenant(server.deps);
    const { key } = await buildApiKey(server.deps, tenant);
    const ok = await server.request('/v1/org', { key, headers: { 'x-request-id': 'trace-123' } });
    assert.equal(ok.headers.get('x-request-id'), 'trace-123');
    await server.request('/v1/org', { key: `${key.slice(0, -1)}X` });
    await server.request(`/v1/workspaces/${tenant.workspace.id}/query?secret=${key}`, { method: 'POST', key, headers: { 'content-type': 'application/json' }, body: '{"question":"x"}' });
  } finally {
    await server.close();
  }
  assert.ok(lines.length >= 6, 'requests were logged');
  for (const line of lines) {
    const entry = JSON.parse(line) as Record<string, unknown>;
    assert.equal(typeof entry.level, 'number');
    assert.doesNotMatch(line, /folio_live_/, 'no key in any log line');
    assert.doesNotMatch(line, /authorization/i, 'no Authorization header in any log line');
  }
  assert.ok(lines.some((l) => (JSON.parse(l) as { reqId?: string }).reqId === 'trace-123'), 'the request id is logged');
});

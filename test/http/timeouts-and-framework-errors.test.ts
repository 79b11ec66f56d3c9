import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { closeWithDeadline } from '../../src/http/shutdown.js';
import { buildApiKey, buildTenant, type Tenant } from '../support/factories.js';
import { rawRequest, requestHead, type RawResponse } from '../support/raw-http.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { stalledUpload } from '../support/uploads.js';

/*
 * No request holds the server open without end (body and request timeouts answer 408, shutdown has a
 * deadline), and every error the framework or Node's parser writes has the contract's {"detail": ...}.
 * Timeouts here are configured small; the test limits are ceilings for hangs.
 */

const T = { timeout: 180_000 };
let server: TestServer;
let tenant: Tenant;
let key: string;

before(async () => {
  server = await startTestServer({ config: { rateLimitDefault: 1_000_000, bodyTimeoutMs: 500, requestTimeoutMs: 1500 } });
  tenant = await buildTenant(server.deps);
  key = (await buildApiKey(server.deps, tenant)).key;
});
after(() => server.close());

function assertDetail(response: RawResponse | null, status: number, detail: string) {
  assert.ok(response, 'the server answered');
  assert.equal(response.status, status, response.body);
  assert.match(response.headers['content-type'] ?? '', /application\/json/);
  assert.deepEqual(JSON.parse(response.body), { detail });
}

describe('timeouts', () => {
  test('an upload trickling one byte every 2 s answers 408 and leaves no temp file', T, async () => {
    const boundary = 'slowBoundary';
    const head = requestHead('POST', `/v1/workspaces/${tenant.workspace.id}/documents`, {
      authorization: `Bearer ${key}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': 10_000,
    });
    const start = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.txt"\r\n\r\n`;
    const trickle = Array.from({ length: 100 }, () => 'x');
    const { response, socket } = rawRequest(server.baseUrl, head, [start, ...trickle], { gapMs: 2000 });
    assertDetail(await response, 408, 'Request timeout');
    socket.destroy();
    const spool = server.documents.blobs.tempDir();
    const deadline = Date.now() + 30_000;
    while (readdirSync(spool).length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    assert.deepEqual(readdirSync(spool), []);
  });

  test('a request whose headers never finish answers 408 with a JSON body', T, async () => {
    const { response } = rawRequest(server.baseUrl, 'GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow: 1\r\n', []);
    assertDetail(await response, 408, 'Request timeout');
  });
});

describe('framework errors have the contract body', () => {
  test('431 for header fields too large', T, async () => {
    const { response } = rawRequest(server.baseUrl, requestHead('GET', '/healthz', { 'x-big': 'a'.repeat(20_000) }));
    assertDetail(await response, 431, 'Request header fields too large');
  });

  test('414 for a citation longer than the router takes', T, async () => {
    const response = await server.request(`/v1/statute/${'D.C. Code § 42-3505.01'.repeat(20).replace(/ /g, '')}`, { key });
    assert.equal(response.status, 414);
    assert.deepEqual(await response.json(), { detail: 'URI Too Long' });
  });

  test('400 for a URL that does not decode', T, async () => {
    const { response } = rawRequest(server.baseUrl, requestHead('GET', '/v1/statute/%E0%A4%A', { authorization: `Bearer ${key}` }));
    assertDetail(await response, 400, 'Malformed URL');
  });

  test('400 for a request line Node cannot parse', T, async () => {
    const { response } = rawRequest(server.baseUrl, 'NOT A REQUEST\r\n\r\n');
    assertDetail(await response, 400, 'Bad Request');
  });
});

describe('shutdown deadline', () => {
  test('closing the server cuts an upload that would otherwise hold it open', T, async () => {
    const own = await startTestServer({ config: { rateLimitDefault: 1_000_000, bodyTimeoutMs: 600_000, requestTimeoutMs: 600_000 } });
    try {
      const t = await buildTenant(own.deps);
      const k = (await buildApiKey(own.deps, t)).key;
      const stalled = stalledUpload(own, t.workspace.id, k, 'a body that never finishes arriving', 'shutdown-1');
      const outcome = stalled.response.then((r) => r.status, () => 'cut');
      // Wait until the upload is in flight (its temp file exists), then shut down with a short deadline.
      const spool = own.documents.blobs.tempDir();
      while (readdirSync(spool).length === 0) await new Promise((r) => setTimeout(r, 50));
      const { cut } = await closeWithDeadline(own.app, 300);
      assert.equal(cut, true);
      assert.equal(await outcome, 'cut');
      stalled.release();
    } finally {
      await own.close();
    }
  });
});

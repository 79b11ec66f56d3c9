import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { WEB_DIST } from '../../src/http/web-app.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

test('/ and /app redirect to /app/', async () => {
  for (const path of ['/', '/app']) {
    const response = await server.request(path, { redirect: 'manual' });
    assert.equal(response.status, 302);
    assert.equal(response.headers.get('location'), '/app/');
  }
});

test('/app/ is served with a strict Content-Security-Policy and loads scripts only from files of its own', async (t) => {
  if (!existsSync(`${WEB_DIST}index.html`)) {
    t.skip('web/dist is not built (npm install builds it)');
    return;
  }
  const response = await server.request('/app/');
  assert.equal(response.status, 200);
  const csp = response.headers.get('content-security-policy') ?? '';
  assert.match(csp, /default-src 'self'/);
  assert.match(csp, /script-src 'self'(;|$)/);
  assert.match(csp, /frame-ancestors 'none'/);
  assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval|https?:/);
  const html = await response.text();
  assert.equal(html, readFileSync(`${WEB_DIST}index.html`, 'utf8'));
  for (const tag of html.match(/<script[^>]*>[^<]*<\/script>/g) ?? []) {
    assert.match(tag, /src="\/app\/assets\/[^"]+\.js"/, 'every script is a file');
    assert.match(tag, />\s*<\/script>$/, 'no inline code');
  }
  assert.doesNotMatch(html, /https?:\/\//, 'nothing from another host');
});

test('an unknown app API path is 404 with the error body', async () => {
  const response = await server.request('/app/api/no-such-thing');
  assert.equal(response.status, 404);
});

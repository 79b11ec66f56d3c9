import assert from 'node:assert/strict';
import { existsSync, readdirSync, readlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { buildApiKey, buildTenant, type Tenant } from '../support/factories.js';
import { rawRequest, requestHead } from '../support/raw-http.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { upload } from '../support/uploads.js';

/*
 * Malformed and abandoned multipart uploads must answer 4xx promptly (when the client is still there)
 * and release everything they took: no temporary file in the spool folder, no open file descriptor.
 */

let server: TestServer;
let tenant: Tenant;
let key: string;
let spool: string;

before(async () => {
  server = await startTestServer({ config: { rateLimitDefault: 1_000_000 } });
  tenant = await buildTenant(server.deps);
  key = (await buildApiKey(server.deps, tenant)).key;
  spool = server.documents.blobs.tempDir();
});
after(() => server.close());

const boundary = 'folioAbuseBoundary';
const path = () => `/v1/workspaces/${tenant.workspace.id}/documents`;
const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const fileHead = (name = 'a.txt') => `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\n`;
const closing = `\r\n--${boundary}--\r\n`;

function multipartHead(length: number, contentType = `multipart/form-data; boundary=${boundary}`) {
  return requestHead('POST', path(), { authorization: `Bearer ${key}`, 'content-type': contentType, 'content-length': length });
}

/** Open descriptors of this process (the server's) that point into the spool folder. */
function spoolDescriptors(): string[] {
  return readdirSync('/proc/self/fd').flatMap((fd) => {
    try {
      const target = readlinkSync(`/proc/self/fd/${fd}`);
      return target.startsWith(spool) ? [target] : [];
    } catch {
      return [];
    }
  });
}

/** Waits (with a generous ceiling for hangs) until nothing of an upload is left in the spool. */
async function spoolReleased(): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (readdirSync(spool).length > 0 || spoolDescriptors().length > 0) {
    if (Date.now() > deadline) assert.fail(`left behind: ${JSON.stringify({ files: readdirSync(spool), fds: spoolDescriptors() })}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function assertValidation422(response: { status: number; body: string } | null, msg: RegExp) {
  assert.ok(response, 'the server answered');
  assert.equal(response.status, 422, response.body);
  const body = JSON.parse(response.body) as { detail: Array<{ type: string; loc: unknown[]; msg: string }> };
  assert.equal(body.detail.length, 1);
  assert.deepEqual(body.detail[0]!.loc, ['body']);
  assert.equal(body.detail[0]!.type, 'value_error');
  assert.match(body.detail[0]!.msg, msg);
}

/** A ceiling for hangs (the defect this file tests), not a speed limit. */
const T = { timeout: 120_000 };

describe('malformed multipart uploads', () => {
  test('25 fields before the file answer 422 at once and leave nothing behind', T, async () => {
    const body = Array.from({ length: 25 }, (_, i) => field(`f${i}`, 'x')).join('') + fileHead() + 'hello world' + closing;
    const { response } = rawRequest(server.baseUrl, multipartHead(Buffer.byteLength(body)), [body]);
    assertValidation422(await response, /too many form fields/);
    await spoolReleased();
  });

  test('a body without a boundary answers 422', T, async () => {
    const body = fileHead() + 'hello' + closing;
    const { response } = rawRequest(server.baseUrl, multipartHead(Buffer.byteLength(body), 'multipart/form-data'), [body]);
    assertValidation422(await response, /malformed multipart body/);
    await spoolReleased();
  });

  test('a body cut before its closing boundary answers 422 and its temp file is deleted', T, async () => {
    const body = fileHead() + 'The tenant shall pay rent.'; // no closing boundary, but the body is complete
    const { response } = rawRequest(server.baseUrl, multipartHead(Buffer.byteLength(body)), [body]);
    assertValidation422(await response, /malformed multipart body/);
    await spoolReleased();
  });

  test('a client that leaves mid-body leaves no temp file and no open descriptor', T, async () => {
    const part = fileHead() + 'x'.repeat(64 * 1024);
    const { response } = rawRequest(server.baseUrl, multipartHead(1024 * 1024), [part], { hangUp: true });
    await response;
    await spoolReleased();
    // The server still answers uploads afterwards.
    assert.equal((await upload(server, tenant.workspace.id, key, 'After the abandoned upload.')).status, 200);
  });
});

describe('file names', () => {
  test('a name with path parts is kept as given and never used as a path', T, async () => {
    for (const name of ['a/b/c.txt', '../../escape.txt', 'C:\\docs\\memo.txt']) {
      const response = await upload(server, tenant.workspace.id, key, `Contents of ${name}, unique.`, { fileName: name });
      assert.equal(response.status, 200);
      const body = (await response.json()) as { file_id: number; file_name: string };
      assert.equal(body.file_name, name);
      const file = (await (await server.request(`${path()}/${body.file_id}`, { key })).json()) as { name?: string; file_name?: string };
      assert.equal(file.file_name ?? file.name, name);
    }
    // Nothing was written beside or above the data folder.
    assert.equal(existsSync(join(dirname(server.dataDir), 'escape.txt')), false);
    assert.equal(existsSync(join(server.dataDir, 'escape.txt')), false);
    assert.deepEqual(readdirSync(server.dataDir).sort().filter((n) => !/^folio\.db/.test(n)), ['blobs']);
  });
});

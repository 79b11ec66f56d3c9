import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { buildApiKey, buildTenant, type Tenant } from '../support/factories.js';
import { startTestS3, type TestS3 } from '../support/s3-server.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { upload, waitForStatus } from '../support/uploads.js';

// The real server with FOLIO_BLOB_URL naming a bucket on an S3-compatible server (s3rver) that
// the test starts on 127.0.0.1; credentials come from the SDK's usual environment variables.
let s3: TestS3;
let server: TestServer;
let tenant: Tenant;
let key: string;
before(async () => {
  s3 = await startTestS3();
  process.env.AWS_ACCESS_KEY_ID = s3.credentials.accessKeyId;
  process.env.AWS_SECRET_ACCESS_KEY = s3.credentials.secretAccessKey;
  server = await startTestServer({ config: { blobUrl: s3.blobUrl } });
  tenant = await buildTenant(server.deps);
  key = (await buildApiKey(server.deps, tenant, { scopes: ['workspaces:read', 'documents:read', 'documents:write', 'query:run'] })).key;
});
after(async () => {
  await server.close();
  await s3.close();
});

test('an upload is stored in the bucket, extracted from it and answered from; deleting the file deletes the object', async () => {
  const ws = tenant.workspace.id;
  const text = 'GOVERNING LAW. This Agreement shall be governed by the laws of the State of New York.';
  const { file_id: fileId } = (await (await upload(server, ws, key, text, { fileName: 'Supply Agreement.txt' })).json()) as { file_id: number };
  assert.equal((await waitForStatus(server, ws, fileId, key)).status, 'ready');
  assert.equal(s3.objectCount(), 1);
  const pages = (await (await server.request(`/v1/workspaces/${ws}/documents/${fileId}/text`, { key })).json()) as { pages: Array<{ text: string }> };
  assert.match(pages.pages[0]?.text ?? '', /State of New York/);
  const answer = (await (await server.request(`/v1/workspaces/${ws}/query`, { key, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ question: 'Which law governs the supply agreement?' }) })).json()) as { citations: number[] };
  assert.ok(answer.citations.includes(fileId));

  assert.equal((await server.request(`/v1/workspaces/${ws}/documents/${fileId}`, { key, method: 'DELETE' })).status, 204);
  assert.equal(s3.objectCount(), 0);
});

import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { startTestS3, type TestS3 } from '../../../../test/support/s3-server.js';
import type { BlobStore } from './blob-store.js';
import { createS3BlobStore } from './s3-blob-store.js';
import { parseS3Url } from './s3-location.js';

// Against a real S3-compatible server (s3rver) on 127.0.0.1, started by the test.
let s3: TestS3;
let store: BlobStore;
const spool = mkdtempSync(join(tmpdir(), 'folio-s3-spool-'));
before(async () => {
  s3 = await startTestS3();
  const location = parseS3Url(s3.blobUrl);
  assert.ok(location);
  store = createS3BlobStore(location, spool, { credentials: s3.credentials });
});
after(async () => {
  await s3.close();
  rmSync(spool, { recursive: true, force: true });
});

const lease = 'The Tenant shall pay rent of $2,000 on the first day of each month.\n';
const sha = (text: string) => createHash('sha256').update(text).digest('hex');
function spooled(text: string): string {
  const path = join(store.tempDir(), `up-${Math.random()}`);
  writeFileSync(path, text);
  return path;
}

test('a blob put under its hash is there, reads back byte for byte, and is gone once deleted', async () => {
  const hash = sha(lease);
  assert.equal(await store.has(hash), false);
  const temp = spooled(lease);
  await store.putFile(temp, hash);
  assert.throws(() => readFileSync(temp), 'the spooled upload is consumed');
  assert.equal(await store.has(hash), true);
  const copy = await store.withLocalPath(hash, async (path) => ({ path, text: readFileSync(path, 'utf8') }));
  assert.equal(copy.text, lease);
  assert.throws(() => readFileSync(copy.path), 'the local copy is removed after use');
  // The same bytes twice: one object.
  await store.putFile(spooled(lease), hash);
  assert.equal(s3.objectCount(), 1);
  await store.delete(hash);
  assert.equal(await store.has(hash), false);
  await store.delete(hash); // absent: no error
});

test('FOLIO_BLOB_URL is read with its prefix, region and endpoint, and anything else is refused', () => {
  assert.deepEqual(parseS3Url('s3://deals/folio/prod?endpoint=http%3A%2F%2Fminio%3A9000&region=eu-west-1'), {
    bucket: 'deals', prefix: 'folio/prod/', endpoint: 'http://minio:9000', region: 'eu-west-1', forcePathStyle: true,
  });
  assert.deepEqual(parseS3Url('s3://deals'), { bucket: 'deals', prefix: '', region: 'us-east-1', forcePathStyle: false });
  assert.equal(parseS3Url('https://deals.s3.amazonaws.com'), null);
  assert.equal(parseS3Url('not a url'), null);
});

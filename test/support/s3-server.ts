import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  httpServer?: Server;
}
// s3rver ships CommonJS without types.
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: Record<string, unknown>) => S3rverInstance;

export interface TestS3 {
  /** FOLIO_BLOB_URL for the bucket, with a key prefix. */
  blobUrl: string;
  endpoint: string;
  bucket: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** Keys of the objects in the bucket (s3rver keeps each object as a folder on disk). */
  objectCount(): number;
  close(): Promise<void>;
}

/** An S3-compatible server (s3rver) on 127.0.0.1 and a free port, with one bucket, for tests. */
export async function startTestS3(prefix = 'folio'): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'folio-s3-'));
  const bucket = 'folio-test';
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    blobUrl: `s3://${bucket}/${prefix}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1`,
    endpoint,
    bucket,
    // s3rver's fixed credentials.
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    objectCount: () => countObjects(join(directory, bucket)),
    async close() {
      server.httpServer?.closeAllConnections();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** s3rver stores an object `k` as files `k._S3rver_object` and its metadata beside it. */
function countObjects(dir: string): number {
  let n = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) n += countObjects(join(dir, entry.name));
    else if (entry.name.endsWith('._S3rver_object')) n += 1;
  }
  return n;
}

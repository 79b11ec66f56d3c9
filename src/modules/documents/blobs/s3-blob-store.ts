import { createReadStream, createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { BlobStore } from './blob-store.js';
import type { S3Location } from './s3-location.js';

const SHA256 = /^[0-9a-f]{64}$/;

/**
 * Blobs in an S3-compatible bucket under `<prefix>ab/cd/<sha256>`, for several servers without a
 * shared filesystem. An object appears whole or not at all (a PUT is atomic), and a blob named by
 * its content can be written twice harmlessly. Uploads are still spooled to a local folder first
 * (they are hashed before they are named), and extraction reads a local copy, deleted after.
 */
export function createS3BlobStore(location: S3Location, spoolRoot: string, options: { spool?: string; credentials?: { accessKeyId: string; secretAccessKey: string } } = {}): BlobStore {
  const client = new S3Client({
    region: location.region,
    forcePathStyle: location.forcePathStyle,
    ...(location.endpoint ? { endpoint: location.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
    // Checksums only where S3 requires them: the SDK's default trailing checksums are not
    // understood by every S3-compatible server, and each blob is already named by its SHA-256.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const tmp = join(spoolRoot, options.spool ?? 'tmp');
  // Spooled uploads of a process that died mid-request are never completed: start clean.
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  const keyOf = (sha256: string) => {
    if (!SHA256.test(sha256)) throw new Error(`not a sha256: ${sha256}`);
    return `${location.prefix}${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}`;
  };
  const object = (sha256: string) => ({ Bucket: location.bucket, Key: keyOf(sha256) });

  return {
    async putFile(tempPath, sha256) {
      const { size } = await stat(tempPath);
      await client.send(new PutObjectCommand({ ...object(sha256), Body: createReadStream(tempPath), ContentLength: size, ContentType: 'application/octet-stream' }));
      await rm(tempPath, { force: true });
    },
    async has(sha256) {
      try {
        await client.send(new HeadObjectCommand(object(sha256)));
        return true;
      } catch (error) {
        if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false;
        throw error;
      }
    },
    async delete(sha256) {
      // Deleting an absent object succeeds on S3.
      await client.send(new DeleteObjectCommand(object(sha256)));
    },
    async withLocalPath(sha256, use) {
      const path = join(tmp, `get-${randomUUID()}`);
      try {
        const response = await client.send(new GetObjectCommand(object(sha256)));
        await pipeline(response.Body as Readable, createWriteStream(path));
        return await use(path);
      } finally {
        await rm(path, { force: true });
      }
    },
    tempDir: () => tmp,
  };
}

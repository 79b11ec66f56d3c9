import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReceivedFile } from '../upload/receive-multipart.js';

/** SHA-256 of a file, read as a stream (files may be large; nothing is held in memory). */
export async function hashFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

/**
 * Copies a file into the blob store's spool while hashing it, as the HTTP upload spools a
 * request body: the hash names exactly the bytes that were copied, even if the source changed
 * since it was first read. The caller owns the temp file.
 */
export async function spoolFile(path: string, spoolDir: string, fileName: string): Promise<ReceivedFile> {
  const tempPath = join(spoolDir, `import-${randomUUID()}`);
  const hash = createHash('sha256');
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  try {
    await pipeline(createReadStream(path), tap, createWriteStream(tempPath));
  } catch (error) {
    await rm(tempPath, { force: true });
    throw error;
  }
  return { tempPath, sha256: hash.digest('hex'), size, fileName };
}

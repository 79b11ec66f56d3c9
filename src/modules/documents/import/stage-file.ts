import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReceivedFile } from '../upload/receive-multipart.js';

/**
 * Files up to this size are read once, into memory, and hashed and spooled from that buffer. A
 * data room is mostly files of tens of kilobytes, where two streamed passes (one to hash, one to
 * copy) cost more in stream machinery and file syscalls than in bytes; with the import's few files
 * at once in flight, this bounds what the buffers hold to a few tens of megabytes.
 */
export const READ_ONCE_MAX_BYTES = 8 * 1024 * 1024;

/** A file about to be imported: the hash of its bytes, and how to copy exactly those bytes to the spool. */
export interface ImportSource {
  sha256: string;
  size: number;
  /** Copies the file into `spoolDir` for the blob store; the caller owns the temp file. */
  spool(spoolDir: string, fileName: string): Promise<ReceivedFile>;
}

/**
 * Reads the file at `path` for import: whole when small, else streamed twice (hashed first, so
 * bytes already stored are never copied). Its size is taken from the open file, not from the walk,
 * so a file that grew since is never read whole.
 */
export async function readImportSource(path: string): Promise<ImportSource> {
  const handle = await open(path, 'r');
  let size: number;
  let bytes: Buffer | null = null;
  try {
    size = (await handle.stat()).size;
    if (size <= READ_ONCE_MAX_BYTES) bytes = await handle.readFile();
  } finally {
    await handle.close();
  }
  return bytes === null ? { sha256: await hashFile(path), size, spool: (spoolDir, fileName) => spoolFile(path, spoolDir, fileName) } : bufferSource(bytes);
}

/** A file read whole: hashed now, and spooled from the same bytes. */
function bufferSource(bytes: Buffer): ImportSource {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return {
    sha256,
    size: bytes.length,
    async spool(spoolDir, fileName) {
      const tempPath = join(spoolDir, `import-${randomUUID()}`);
      await writeFile(tempPath, bytes);
      return { tempPath, sha256, size: bytes.length, fileName };
    },
  };
}

/** SHA-256 of a file, read as a stream (files may be large; nothing is held in memory). */
async function hashFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

/**
 * Copies a file into the blob store's spool while hashing it, as the HTTP upload spools a
 * request body: the hash names exactly the bytes that were copied, even if the source changed
 * since it was first read. The caller owns the temp file.
 */
async function spoolFile(path: string, spoolDir: string, fileName: string): Promise<ReceivedFile> {
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

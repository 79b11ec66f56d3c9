import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { fileTooLarge, missingFilePart } from '../documents.errors.js';

export interface ReceivedFile {
  tempPath: string;
  sha256: string;
  size: number;
  fileName: string;
}

/**
 * Streams the multipart part named `file` to a temporary file while hashing it, never holding the
 * body in memory. Other parts are drained and ignored. Throws 413 past `maxBytes`, 422 without a
 * `file` part. The caller owns (and must move or delete) the temporary file.
 */
export async function receiveMultipartFile(request: FastifyRequest, tempDir: string, maxBytes: number): Promise<ReceivedFile> {
  const declared = Number(request.headers['content-length']);
  // The multipart envelope adds a little; a body far past the limit is refused before it is read.
  if (Number.isFinite(declared) && declared > maxBytes + 1024 * 1024) throw fileTooLarge();
  if (!request.isMultipart()) throw missingFilePart();

  let received: ReceivedFile | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 10, fields: 20 } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file' || received) {
        part.file.resume();
        continue;
      }
      const tempPath = join(tempDir, `${randomUUID()}.upload`);
      const hash = createHash('sha256');
      let size = 0;
      const meter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          hash.update(chunk);
          size += chunk.length;
          callback(null, chunk);
        },
      });
      try {
        await pipeline(part.file, meter, createWriteStream(tempPath));
      } catch (error) {
        await rm(tempPath, { force: true });
        throw error;
      }
      if (part.file.truncated) {
        await rm(tempPath, { force: true });
        throw fileTooLarge();
      }
      received = { tempPath, sha256: hash.digest('hex'), size, fileName: part.filename || 'upload' };
    }
  } catch (error) {
    if (received) await rm(received.tempPath, { force: true });
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge();
    throw error;
  }
  if (!received) throw missingFilePart();
  return received;
}

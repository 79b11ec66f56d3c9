import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Busboy, type BusboyFileStream, type BusboyInstance } from '@fastify/busboy';
import type { FastifyRequest } from 'fastify';
import { fileTooLarge, malformedMultipart, missingFilePart, uploadAborted, uploadTimedOut } from '../documents.errors.js';

export interface ReceivedFile {
  tempPath: string;
  sha256: string;
  size: number;
  /** The part's file name exactly as the client sent it, path parts included: for display, never a path. */
  fileName: string;
}

/** Form fields (other than `file`) tolerated before the file; the contract defines none. */
const MAX_FIELDS = 20;
const MAX_PARTS = 40;

/**
 * Streams the multipart part named `file` to a temporary file while hashing it, never holding the
 * body in memory. Other parts are drained and ignored. Throws 413 past `maxBytes`, 422 without a
 * `file` part or for a malformed body (no boundary, cut short, too many parts). The caller owns (and
 * must move or delete) the temporary file; on any failure, or when the client leaves mid-body, the
 * temporary file is closed and deleted here before the promise settles.
 *
 * Why busboy directly rather than @fastify/multipart's `parts()` iterator: that iterator never settled
 * after its field limit, and did not end when the client left, leaking a descriptor and a temp file per
 * request; here every way out of the body goes through one `fail` that releases everything.
 */
export async function receiveMultipartFile(
  request: FastifyRequest,
  tempDir: string,
  maxBytes: number,
  /** Longest pause between two body chunks before 408 (a trickling client must not hold a slot for minutes). */
  idleMs = 30_000,
): Promise<ReceivedFile> {
  const declared = Number(request.headers['content-length']);
  // The multipart envelope adds a little; a body far past the limit is refused before it is read.
  if (Number.isFinite(declared) && declared > maxBytes + 1024 * 1024) throw fileTooLarge();
  if (!request.isMultipart()) throw missingFilePart();

  let parser: BusboyInstance;
  try {
    parser = new Busboy({
      headers: request.headers as never,
      preservePath: true, // keep "a/b/c.pdf" as given: the name is shown, never used as a path
      limits: { fileSize: maxBytes, files: 10, fields: MAX_FIELDS, parts: MAX_PARTS, fieldSize: 64 * 1024, headerPairs: 100 },
    });
  } catch (error) {
    throw malformedMultipart((error as Error).message); // e.g. no boundary in the content type
  }
  return new Promise<ReceivedFile>((resolve, reject) => {
    const raw = request.raw;
    let settled = false;
    let tempPath: string | null = null;
    let writer: WriteStream | null = null;
    let writing: Promise<void> | null = null;
    let result: Omit<ReceivedFile, 'tempPath'> | null = null;

    /** Stops reading, closes and deletes the temp file, then rejects: the single way out on failure. */
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(idle);
      raw.off('data', onData);
      raw.unpipe(parser);
      parser.removeAllListeners();
      parser.on('error', () => undefined); // late parser errors have nobody left to tell
      raw.resume(); // drain what the client still sends, so the answer can be read
      const path = tempPath;
      const closed = writer && !writer.closed ? new Promise<void>((done) => writer!.once('close', () => done())) : Promise.resolve();
      writer?.destroy();
      void closed
        .then(() => (path ? rm(path, { force: true }) : undefined))
        .catch(() => undefined)
        .finally(() => reject(error));
    };

    const idle: NodeJS.Timeout = setTimeout(() => fail(uploadTimedOut()), idleMs);
    const onData = () => {
      idle.refresh();
    };
    raw.on('data', onData);

    const onClientGone = () => {
      if (!raw.complete) fail(uploadAborted());
    };
    raw.once('close', onClientGone);
    raw.once('error', () => fail(uploadAborted()));

    parser.on('file', (fieldName: string, stream: BusboyFileStream, fileName: string) => {
      if (settled || fieldName !== 'file' || writing) {
        stream.on('error', () => undefined);
        stream.resume();
        return;
      }
      tempPath = join(tempDir, `${randomUUID()}.upload`);
      const hash = createHash('sha256');
      let size = 0;
      const out = createWriteStream(tempPath);
      writer = out;
      writing = new Promise<void>((done, failed) => {
        stream.on('data', (chunk: Buffer) => {
          hash.update(chunk);
          size += chunk.length;
        });
        stream.on('limit', () => failed(fileTooLarge()));
        stream.on('error', (error: Error) => failed(malformedMultipart(error.message)));
        out.on('error', failed);
        out.on('finish', () => done());
        stream.pipe(out);
      }).then(() => {
        result = { sha256: hash.digest('hex'), size, fileName: fileName || 'upload' };
      });
      writing.catch((error: Error) => fail(error));
    });
    parser.on('field', () => undefined);
    parser.on('fieldsLimit', () => fail(malformedMultipart(`too many form fields before the file (at most ${MAX_FIELDS})`)));
    parser.on('partsLimit', () => fail(malformedMultipart(`too many parts (at most ${MAX_PARTS})`)));
    parser.on('filesLimit', () => fail(malformedMultipart('too many file parts')));
    parser.on('error', (error: Error) => fail(malformedMultipart(error.message)));
    parser.on('finish', () => {
      void (writing ?? Promise.resolve()).then(() => {
        if (settled) return;
        if (!result || !tempPath) return fail(missingFilePart());
        settled = true;
        clearTimeout(idle);
        raw.off('data', onData);
        raw.off('close', onClientGone);
        resolve({ tempPath, ...result });
      }, () => undefined);
    });
    raw.pipe(parser);
  });
}

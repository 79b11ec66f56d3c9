import { gzip } from 'node:zlib';
import Negotiator from 'negotiator';

/** Bodies under this many bytes go as they are: a header and a zlib round trip cost more than they save. */
export const MIN_GZIP_BYTES = 1024;

/**
 * The serialized body of one version of a whole document tree, and its gzip copy once made. A tree
 * of 20,000 files with CUAD's file names is 3.0 MB of JSON and 0.56 MB gzipped (40 ms of gzip): the
 * app reading it over a real network waits for the bytes, and under load the server's writes to its
 * sockets were a sixth of the event loop. The copy is made in zlib's thread pool, off the event
 * loop, when a client that accepts gzip reads this version a second time: a version read once (a
 * tree changing with every upload) is never compressed. Compressing at the first read made a copy
 * of 0.45 MB (3,000 files, about 1 ms of the thread pool) for each upload under bench:load, which
 * the next upload replaced before anyone read it. Until the copy is ready the body goes as is. On loopback
 * the client's gunzip costs it about a millisecond more per read.
 */
export interface TreeBody {
  identity: Buffer;
  gzipped: Buffer | null;
  compressing: boolean;
  /** Reads of this version by clients that accept gzip, up to the one that starts the copy. */
  gzipReads: number;
}

/** The read of a version, by a client that accepts gzip, that starts its copy. */
export const GZIP_AT_READ = 2;

export function treeBody(identity: Buffer): TreeBody {
  return { identity, gzipped: null, compressing: false, gzipReads: 0 };
}

/**
 * Which copy of `body` to send for these request headers, with its Content-Encoding (null: none).
 * The second request that accepts gzip starts the copy; it and any others until it is ready get the body as is.
 */
export function chooseTreeBody(body: TreeBody, headers: Record<string, string | string[] | undefined>): { bytes: Buffer; encoding: 'gzip' | null } {
  if (body.identity.length < MIN_GZIP_BYTES || new Negotiator({ headers }).encoding(['gzip', 'identity']) !== 'gzip') return { bytes: body.identity, encoding: null };
  if (body.gzipped) return { bytes: body.gzipped, encoding: 'gzip' };
  if (!body.compressing && ++body.gzipReads >= GZIP_AT_READ) {
    body.compressing = true;
    gzip(body.identity, (error, out) => {
      // A failed compression leaves the body to go as is.
      if (!error) body.gzipped = out;
    });
  }
  return { bytes: body.identity, encoding: null };
}

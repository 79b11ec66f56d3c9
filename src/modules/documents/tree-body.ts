import { gzip } from 'node:zlib';
import Negotiator from 'negotiator';

/** Bodies under this many bytes go as they are: a header and a zlib round trip cost more than they save. */
export const MIN_GZIP_BYTES = 1024;

/**
 * The serialized body of one version of a whole document tree, and its gzip copy once made. A tree
 * of 20,000 files with CUAD's file names is 3.0 MB of JSON and 0.56 MB gzipped (40 ms of gzip): the
 * app reading it over a real network waits for the bytes, and under load the server's writes to its
 * sockets were a sixth of the event loop. The copy is made in zlib's thread pool, off the event
 * loop, when the body is first sent; until it is ready (and for clients that do not accept gzip)
 * the body goes as is. On loopback the client's gunzip costs it about a millisecond more per read.
 */
export interface TreeBody {
  identity: Buffer;
  gzipped: Buffer | null;
}

export function treeBody(identity: Buffer): TreeBody {
  const body: TreeBody = { identity, gzipped: null };
  if (identity.length >= MIN_GZIP_BYTES) {
    gzip(identity, (error, out) => {
      // A failed compression leaves the body to go as is.
      if (!error) body.gzipped = out;
    });
  }
  return body;
}

/** Which copy of `body` to send for these request headers, with its Content-Encoding (null: none). */
export function chooseTreeBody(body: TreeBody, headers: Record<string, string | string[] | undefined>): { bytes: Buffer; encoding: 'gzip' | null } {
  if (body.gzipped && new Negotiator({ headers }).encoding(['gzip', 'identity']) === 'gzip') return { bytes: body.gzipped, encoding: 'gzip' };
  return { bytes: body.identity, encoding: null };
}

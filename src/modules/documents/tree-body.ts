import Negotiator from 'negotiator';
import { appendToStream, finishGzip, startDeflateStream, type DeflateStream } from './appendable-gzip.js';

/** Bodies under this many bytes go as they are: a header and a zlib round trip cost more than they save. */
export const MIN_GZIP_BYTES = 1024;
/** A tree body ends with `]}` (its node list and itself); a version that only adds files inserts their nodes before it. */
export const TAIL_BYTES = 2;
/** Appended segments after which a lineage's gzip copy is compressed whole again (each costs a few bytes of framing). */
export const MAX_SEGMENTS = 1024;

/**
 * The serialized body of one version of a whole document tree, and its gzip copy once made. A tree
 * of 20,000 files with CUAD's file names is 3.0 MB of JSON and 0.56 MB gzipped (40 ms of gzip): the
 * app reading it over a real network waits for the bytes, and under load the server's writes to its
 * sockets were a sixth of the event loop. The copy is made in zlib's thread pool, off the event
 * loop, when a client that accepts gzip reads this version a second time: a version read once (a
 * tree changing with every upload) is never compressed. Compressing at the first read made a copy
 * of 0.45 MB (3,000 files, about 1 ms of the thread pool) for each upload under bench:load, which
 * the next upload replaced before anyone read it. Until the copy is ready the body goes as is. On
 * loopback the client's gunzip costs it about a millisecond more per read.
 *
 * A version that only adds files to a compressed one (extendedTreeBody) gets its copy by
 * compressing just the added nodes (appendable-gzip.ts): under uploads every version of a tree
 * that is read goes gzipped, not only those that lived long enough to be read twice.
 */
export interface TreeBody {
  identity: Buffer;
  gzipped: Buffer | null;
  compressing: boolean;
  /** Reads of this version by clients that accept gzip, up to the one that starts the copy. */
  gzipReads: number;
  /** The deflate stream of the body up to its tail, once made: what versions extending it append to. */
  stream: DeflateStream | null;
  /** Versions extending this one while its copy is being made: given its stream (null if it failed). */
  waiting: Array<(stream: DeflateStream | null) => void>;
}

/** The read of a version, by a client that accepts gzip, that starts its copy. */
export const GZIP_AT_READ = 2;

export function treeBody(identity: Buffer): TreeBody {
  return { identity, gzipped: null, compressing: false, gzipReads: 0, stream: null, waiting: [] };
}

/**
 * The body of a version whose serialization is `previous`'s with bytes inserted before its tail
 * (extendTreeBody). Its gzip copy follows `previous`'s: made now from the added bytes when that
 * one's is made, when that one's is ready if it is being made, else as any version's is.
 */
export function extendedTreeBody(previous: TreeBody, identity: Buffer): TreeBody {
  const body = treeBody(identity);
  const at = previous.identity.length - TAIL_BYTES;
  const extendsPrevious =
    identity.length > previous.identity.length &&
    identity.subarray(0, at).equals(previous.identity.subarray(0, at)) &&
    identity.subarray(-TAIL_BYTES).equals(previous.identity.subarray(-TAIL_BYTES));
  if (!extendsPrevious || identity.length < MIN_GZIP_BYTES) return body;
  const added = identity.subarray(at, identity.length - TAIL_BYTES);
  const follow = (stream: DeflateStream | null) => {
    body.compressing = false;
    if (stream === null) failed(body);
    else if (stream.count >= MAX_SEGMENTS) compress(body);
    else ready(body, appendToStream(stream, added));
  };
  if (previous.stream) follow(previous.stream);
  else if (previous.compressing) {
    body.compressing = true;
    previous.waiting.push(follow);
  }
  return body;
}

function compress(body: TreeBody): void {
  body.compressing = true;
  startDeflateStream(body.identity.subarray(0, body.identity.length - TAIL_BYTES), (stream) => {
    body.compressing = false;
    if (stream) ready(body, stream);
    else failed(body);
  });
}

/** A failed compression leaves the body, and the versions waiting on it, to go as they are. */
function failed(body: TreeBody): void {
  for (const follow of body.waiting.splice(0)) follow(null);
}

function ready(body: TreeBody, stream: DeflateStream): void {
  body.stream = stream;
  body.gzipped = finishGzip(stream, body.identity.subarray(-TAIL_BYTES));
  for (const follow of body.waiting.splice(0)) follow(stream);
}

/**
 * Which copy of `body` to send for these request headers, with its Content-Encoding (null: none).
 * The second request that accepts gzip starts the copy; it and any others until it is ready get the body as is.
 */
export function chooseTreeBody(body: TreeBody, headers: Record<string, string | string[] | undefined>): { bytes: Buffer; encoding: 'gzip' | null } {
  if (body.identity.length < MIN_GZIP_BYTES || new Negotiator({ headers }).encoding(['gzip', 'identity']) !== 'gzip') return { bytes: body.identity, encoding: null };
  if (body.gzipped) return { bytes: body.gzipped, encoding: 'gzip' };
  if (!body.compressing && ++body.gzipReads >= GZIP_AT_READ) compress(body);
  return { bytes: body.identity, encoding: null };
}

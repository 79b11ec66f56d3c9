import { constants, crc32, deflateRaw, deflateRawSync } from 'node:zlib';

/**
 * A gzip copy of a body that grows by appends, made without compressing the whole body again.
 *
 * A deflate stream may be cut into segments compressed one by one, each ended by a sync flush
 * (an empty stored block, so the next segment starts on a byte boundary) and none marked final:
 * their concatenation is one valid deflate stream, as pigz builds one on several cores. A segment
 * compressed with the last bytes before it as its dictionary may refer back into them, which the
 * inflater still holds in its window, so small appended segments compress about as well as the
 * whole. The gzip copy of a version is the gzip header, the segments, the body's tail compressed
 * as the final block, and the CRC-32 and length of the whole. Written here because zlib offers no
 * way to continue a finished stream and no library does this for Node's zlib.
 *
 * On a tree of 3,000 CUAD file names with 500 files appended one at a time, the copy was 15% larger
 * than gzip of the whole (42,954 against 37,446 bytes of 451,636), at 0.1 ms per append.
 */
export interface DeflateStream {
  /** Segments, shared by the versions of one lineage; this version's are the first `count`. */
  segments: Buffer[];
  count: number;
  /** Uncompressed bytes the segments hold, and their CRC-32. */
  rawLength: number;
  crc: number;
  /** The last bytes before the next segment, which it may refer back into (DICTIONARY_BYTES at most). */
  window: Buffer;
}

/**
 * How far back an appended segment may refer, and its compressor's window (windowBits 10: 1 KiB).
 * A 32 KiB window and dictionary made the copy 0.6% smaller and each append five times slower
 * (0.53 ms against 0.1 ms: most of it is setting up zlib's larger state).
 */
const DICTIONARY_BYTES = 1024;
const APPEND_OPTIONS = { finishFlush: constants.Z_SYNC_FLUSH, windowBits: 10, memLevel: 2 } as const;
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255]);

/** zlib refuses an empty dictionary. */
function withDictionary<T extends object>(options: T, window: Buffer): T & { dictionary?: Buffer } {
  return window.length > 0 ? { ...options, dictionary: window } : options;
}

/** The deflate stream of `raw` as one segment, compressed in zlib's thread pool. */
export function startDeflateStream(raw: Buffer, done: (stream: DeflateStream | null) => void): void {
  deflateRaw(raw, { finishFlush: constants.Z_SYNC_FLUSH }, (error, segment) => {
    if (error) return done(null);
    done({ segments: [segment], count: 1, rawLength: raw.length, crc: crc32(raw), window: Buffer.from(raw.subarray(-DICTIONARY_BYTES)) });
  });
}

/** `stream` with `raw` appended as a segment of its own (synchronous: meant for small appends). */
export function appendToStream(stream: DeflateStream, raw: Buffer): DeflateStream {
  const segment = deflateRawSync(raw, withDictionary(APPEND_OPTIONS, stream.window));
  // A lineage forks only if two versions extend the same one; the second copies what it shares.
  const segments = stream.segments.length === stream.count ? stream.segments : stream.segments.slice(0, stream.count);
  segments.push(segment);
  const window = Buffer.concat([stream.window, raw]);
  return {
    segments,
    count: stream.count + 1,
    rawLength: stream.rawLength + raw.length,
    crc: crc32(raw, stream.crc),
    window: window.length > DICTIONARY_BYTES ? Buffer.from(window.subarray(-DICTIONARY_BYTES)) : window,
  };
}

/** The gzip member of the stream's bytes followed by `tail`. */
export function finishGzip(stream: DeflateStream, tail: Buffer): Buffer {
  const last = deflateRawSync(tail, withDictionary({ windowBits: 10, memLevel: 2 }, stream.window));
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(tail, stream.crc) >>> 0, 0);
  // ISIZE is the length modulo 2^32 (RFC 1952).
  trailer.writeUInt32LE((stream.rawLength + tail.length) % 2 ** 32, 4);
  return Buffer.concat([GZIP_HEADER, ...stream.segments.slice(0, stream.count), last, trailer]);
}

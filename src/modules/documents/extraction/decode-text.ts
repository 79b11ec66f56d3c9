import { isUtf8 as validUtf8 } from 'node:buffer';
import iconv from 'iconv-lite';
import jschardet from 'jschardet';

/** How a byte buffer was read as text. */
export interface DecodedText {
  text: string;
  /** The encoding used, as iconv-lite names it (e.g. 'utf-8', 'utf-16le', 'windows-1252'). */
  encoding: string;
}

/** jschardet is pure JS and slow on megabytes; a sample of this size decides just as well. */
const DETECTION_SAMPLE_BYTES = 64 * 1024;

/** The encoding named by a byte-order mark at the start, with the mark's length. */
export function bomEncoding(bytes: Uint8Array): { encoding: string; length: number } | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', length: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  return null;
}

/**
 * Guesses UTF-16 without a BOM from the pattern of zero bytes: ASCII-range text in UTF-16 has a zero in
 * every other byte, which no single-byte encoding produces.
 */
export function bomlessUtf16(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const n = Math.min(bytes.length, 4096) & ~1;
  if (n < 8) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenZeros++;
    if (bytes[i + 1] === 0) oddZeros++;
  }
  const pairs = n / 2;
  if (oddZeros > pairs * 0.4 && evenZeros < pairs * 0.05) return 'utf-16le';
  if (evenZeros > pairs * 0.4 && oddZeros < pairs * 0.05) return 'utf-16be';
  return null;
}

/**
 * True when the bytes are valid UTF-8; with `truncated` (a sample cut from a longer file), a
 * sequence cut off at the end is tolerated. Node's validator (simdutf) checks without decoding: a
 * fatal TextDecoder built the whole string only to throw it away, and the text was then decoded
 * again, a fifth of reading a text file.
 */
export function isUtf8(bytes: Uint8Array, truncated = false): boolean {
  return validUtf8(truncated ? withoutCutSequence(bytes) : bytes);
}

/** The bytes without a multi-byte sequence that their end cuts short (lead byte and fewer continuation bytes than it announces). */
export function withoutCutSequence(bytes: Uint8Array): Uint8Array {
  let lead = bytes.length - 1;
  // A sequence is at most 4 bytes: its lead and up to 3 continuation bytes (10xxxxxx).
  while (lead >= 0 && bytes.length - lead <= 3 && ((bytes[lead] as number) & 0xc0) === 0x80) lead--;
  if (lead < 0) return bytes;
  const byte = bytes[lead] as number;
  const length = byte >= 0xf0 && byte <= 0xf4 ? 4 : byte >= 0xe0 && byte <= 0xef ? 3 : byte >= 0xc2 && byte <= 0xdf ? 2 : 1;
  return length > bytes.length - lead ? bytes.subarray(0, lead) : bytes;
}

/**
 * Picks the single-byte (or CJK) encoding of bytes that are not UTF-8. jschardet often names a sibling of
 * Windows-1252 for Western text with few accents (ISO-8859-x, windows-125x); those, unknown names and low
 * confidence all fall back to Windows-1252, which is what such files almost always are in practice.
 */
export function detectLegacyEncoding(sample: Uint8Array): string {
  const guess = jschardet.detect(Buffer.from(sample.buffer, sample.byteOffset, sample.byteLength));
  const name = (guess.encoding ?? '').toLowerCase();
  const trusted = ['shift_jis', 'euc-jp', 'gb2312', 'gb18030', 'big5', 'euc-kr', 'windows-1251', 'koi8-r', 'iso-8859-7', 'windows-1253', 'iso-8859-8', 'windows-1255'];
  if (guess.confidence >= 0.8 && trusted.includes(name) && iconv.encodingExists(name)) return name;
  return 'windows-1252';
}

/** Decodes a file's bytes to a JS string: BOM first, then UTF-8 if valid, then detection. */
export function decodeText(bytes: Uint8Array, options: { truncated?: boolean } = {}): DecodedText {
  const bom = bomEncoding(bytes);
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bom) return { text: iconv.decode(buf.subarray(bom.length), bom.encoding, { stripBOM: true }), encoding: bom.encoding };
  const utf16 = bomlessUtf16(bytes);
  if (utf16) return { text: iconv.decode(buf, utf16), encoding: utf16 };
  if (isUtf8(bytes, options.truncated ?? false)) return { text: buf.toString('utf8'), encoding: 'utf-8' };
  const encoding = detectLegacyEncoding(bytes.subarray(0, DETECTION_SAMPLE_BYTES));
  return { text: iconv.decode(buf, encoding), encoding };
}

/** CRLF and lone CR become LF, so every extractor hands on one line-ending convention. */
export function normalizeNewlines(text: string): string {
  return text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
}

/**
 * True when decoded text looks like binary data rather than writing: NULs or many C0 control characters.
 * Tab, LF, CR, FF and ESC-free text passes.
 */
export function looksBinary(text: string): boolean {
  const n = Math.min(text.length, 8192);
  if (n === 0) return false;
  let controls = 0;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0) return true;
    if (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0x0c) controls++;
    else if (c === 0xfffd) controls++; // replacement characters: bytes the decoder could not map
  }
  return controls / n > 0.05;
}

import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { fileTypeFromBuffer } from 'file-type';
import { classifyText } from './classify-text.js';
import { bomEncoding, decodeText, looksBinary } from './decode-text.js';
import { readZipDirectory } from './zip-directory.js';

export const PDF = 'application/pdf';
export const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const ZIP = 'application/zip';
export const OCTET_STREAM = 'application/octet-stream';

/** Formats file-type recognises that are text on the wire but not documents we read as text. */
const TEXT_BASED_UNSUPPORTED = new Set(['application/rtf', 'application/postscript']);

/** Enough for every binary signature file-type checks and for a representative text sample. */
const HEAD_BYTES = 128 * 1024;

/**
 * Reads up to `length` bytes from the start of a file. Synchronously: sniffing runs in an extraction
 * process, one file at a time, where nothing else waits for its event loop; the four trips through
 * libuv's thread pool (open, stat, read, close) cost more than the read, about 0.7 ms a file.
 */
function readHead(path: string, length: number): { head: Buffer; size: number } {
  const fd = openSync(path, 'r');
  try {
    const { size } = fstatSync(fd);
    const head = Buffer.alloc(Math.min(size, length));
    const bytesRead = readSync(fd, head, 0, head.length, 0);
    return { head: head.subarray(0, bytesRead), size };
  } finally {
    closeSync(fd);
  }
}

/** The media type of the file at `path`, judged by its content alone (never by its name). */
export async function sniffContentType(path: string): Promise<string> {
  const { head, size } = readHead(path, HEAD_BYTES);
  if (size === 0) return 'text/plain';
  // The PDF spec tolerates junk before the header; readers look in the first 1 KB, so do we.
  if (head.subarray(0, 1024).includes('%PDF-')) return PDF;
  if (head[0] === 0x50 && head[1] === 0x4b && (head[2] === 0x03 || head[2] === 0x05)) {
    const entries = await readZipDirectory(path);
    if (!entries) return ZIP;
    const names = new Set(entries.map((e) => e.name));
    if (names.has('word/document.xml')) return DOCX;
    if (names.has('xl/workbook.xml')) return XLSX;
    return ZIP;
  }
  // A text BOM wins over binary signatures: FF FE (UTF-16 LE) also reads as an MPEG audio frame header.
  const bom = bomEncoding(head);
  const binary = bom ? undefined : await fileTypeFromBuffer(head);
  const { text } = decodeText(head, { truncated: size > head.length });
  if (looksBinary(text)) return binary?.mime ?? OCTET_STREAM;
  // Some binary signatures are printable ASCII ('FORM' is AIFF, and a contract may begin with FORM), so for
  // content that reads as text only the text-based formats we do not read are believed.
  if (binary && TEXT_BASED_UNSUPPORTED.has(binary.mime)) return binary.mime;
  const sample = size > head.length ? text.slice(0, Math.max(0, text.lastIndexOf('\n'))) : text;
  return classifyText(sample);
}

import { constants, deflateRawSync } from 'node:zlib';
import { buildDocx } from './zip-writer.js';

/*
 * Builds a DOCX whose word/document.xml inflates to `bytes` bytes of text, without ever holding them:
 * each piece is deflated with a full flush (no back-references across pieces), so copies of one compressed
 * piece can be concatenated, and an empty final block closes the stream.
 */
export function buildBombDocx(bytes: number, options: { declaredSize?: number } = {}): Buffer {
  const head = Buffer.from('<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>');
  const tail = Buffer.from('</w:t></w:r></w:p></w:body></w:document>');
  const chunk = Buffer.alloc(1024 * 1024, 'A');
  const flush = { finishFlush: constants.Z_FULL_FLUSH, level: 9 };
  const copies = Math.max(1, Math.floor((bytes - head.length - tail.length) / chunk.length));
  const piece = deflateRawSync(chunk, flush);
  const deflated = Buffer.concat([
    deflateRawSync(head, flush),
    ...Array.from({ length: copies }, () => piece),
    deflateRawSync(tail, flush),
    Buffer.from([0x03, 0x00]), // final, empty, fixed-Huffman block
  ]);
  const size = head.length + copies * chunk.length + tail.length;
  return buildDocx({
    name: 'word/document.xml',
    data: Buffer.alloc(0),
    deflated,
    declaredSize: options.declaredSize ?? size,
    crc: 0, // never checked: the guard refuses before inflating, and the lying variant must fail anyway
  });
}

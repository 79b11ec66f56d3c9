import { constants, deflateRawSync } from 'node:zlib';
import { serializePdf } from './pdf-writer.js';

/*
 * Builds a one-page PDF whose content stream is /FlateDecode data that inflates to `bytes` zero bytes,
 * without ever holding them: one full-flushed deflate piece of 1 MiB of zeros is repeated, behind a zlib
 * header, and closed by an empty final block (the Adler-32 trailer is a dummy: pdf.js does not check it).
 */
export function buildBombPdf(bytes: number): Buffer {
  const piece = deflateRawSync(Buffer.alloc(1024 * 1024), { finishFlush: constants.Z_FULL_FLUSH, level: 9 });
  const copies = Math.max(1, Math.ceil(bytes / (1024 * 1024)));
  const data = Buffer.concat([
    Buffer.from([0x78, 0xda]),
    ...Array.from({ length: copies }, () => piece),
    Buffer.from([0x03, 0x00]), // final, empty, fixed-Huffman block
    Buffer.alloc(4), // Adler-32 (not checked)
  ]);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << >> /Contents 4 0 R >>',
  ].map((body) => Buffer.from(body, 'latin1'));
  objects.push(Buffer.concat([Buffer.from(`<< /Length ${data.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'), data, Buffer.from('\nendstream', 'latin1')]));
  return serializePdf(objects, 1);
}

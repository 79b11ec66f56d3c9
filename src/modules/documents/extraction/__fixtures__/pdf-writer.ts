import { deflateSync } from 'node:zlib';

/*
 * A minimal PDF writer for test fixtures: enough objects for text pages (Helvetica) and image-only pages
 * (a scanned look), with a correct cross-reference table. Test-only; production never writes PDFs.
 */

/** One page: lines of text at a font size, or a grey-scale image filling the page. */
export type PdfPageSpec =
  | { kind: 'text'; lines: string[]; fontSize?: number }
  | { kind: 'image'; width: number; height: number; gray: Uint8Array };

function escapePdfString(s: string): string {
  return s.replace(/[\\()]/g, (c) => `\\${c}`);
}

/** Builds a PDF file (US Letter pages) from page specs. */
export function buildPdf(pages: PdfPageSpec[]): Buffer {
  const objects: Buffer[] = [];
  const add = (body: Buffer | string): number => {
    objects.push(typeof body === 'string' ? Buffer.from(body, 'latin1') : body);
    return objects.length;
  };
  const stream = (dict: string, data: Buffer): Buffer =>
    Buffer.concat([Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`, 'latin1'), data, Buffer.from('\nendstream', 'latin1')]);

  const catalog = add('');
  const pagesObj = add('');
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const kids: number[] = [];
  for (const spec of pages) {
    let resources: string;
    let content: string;
    if (spec.kind === 'text') {
      const size = spec.fontSize ?? 12;
      const body = spec.lines
        .map((line, i) => `BT /F1 ${size} Tf 72 ${720 - i * size * 1.5} Td (${escapePdfString(line)}) Tj ET`)
        .join('\n');
      content = body;
      resources = `<< /Font << /F1 ${font} 0 R >> >>`;
    } else {
      const image = add(stream(
        `/Type /XObject /Subtype /Image /Width ${spec.width} /Height ${spec.height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode`,
        deflateSync(spec.gray, { level: 9 }),
      ));
      content = `q 612 0 0 792 0 0 cm /Im1 Do Q`;
      resources = `<< /XObject << /Im1 ${image} 0 R >> >>`;
    }
    const contents = add(stream('', Buffer.from(content, 'latin1')));
    kids.push(add(`<< /Type /Page /Parent ${pagesObj} 0 R /MediaBox [0 0 612 792] /Resources ${resources} /Contents ${contents} 0 R >>`));
  }
  objects[catalog - 1] = Buffer.from(`<< /Type /Catalog /Pages ${pagesObj} 0 R >>`, 'latin1');
  objects[pagesObj - 1] = Buffer.from(`<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`, 'latin1');

  return serializePdf(objects, catalog);
}

/** Writes numbered objects (object n is `objects[n - 1]`), the cross-reference table and the trailer. */
export function serializePdf(objects: Buffer[], root: number): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`, 'latin1'), body, Buffer.from('\nendobj\n', 'latin1')]);
    offsets.push(offset);
    offset += chunk.length;
    parts.push(chunk);
  });
  const xref = [`xref\n0 ${objects.length + 1}\n`, '0000000000 65535 f \n', ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root ${root} 0 R >>\nstartxref\n${offset}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
}

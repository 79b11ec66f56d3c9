/*
 * Regenerates the committed fixtures in this folder. Run once from the repository root:
 *   node --import tsx src/modules/documents/extraction/__fixtures__/make-fixtures.ts
 * Needs poppler-utils (pdftoppm) and qpdf for the scanned and encrypted PDFs.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { buildPdf } from './pdf-writer.js';
import { buildBombDocx } from './zip-bomb.js';
import { buildDocx, buildZip, documentXml } from './zip-writer.js';

const here = dirname(fileURLToPath(import.meta.url));
const out = (name: string) => join(here, name);

// 1. A two-page text PDF.
const textPdf = buildPdf([
  { kind: 'text', lines: ['MASTER SERVICES AGREEMENT', 'This Agreement is made between Acme Corp and Folio LLC.', 'Section 1. Term of the agreement is two years.'] },
  { kind: 'text', lines: ['Section 2. Governing law: the laws of Virginia apply.', 'Section 3. Either party may terminate on notice.'] },
]);
writeFileSync(out('text.pdf'), textPdf);
copyFileSync(out('text.pdf'), out('pdf-named.txt'));

// 2. A scanned PDF: a text page rendered to a grey image by pdftoppm, then embedded with no text layer.
const tmp = mkdtempSync(join(tmpdir(), 'folio-fixtures-'));
try {
  writeFileSync(join(tmp, 'big.pdf'), buildPdf([{ kind: 'text', fontSize: 28, lines: ['INDEMNIFICATION CLAUSE', 'The supplier shall', 'indemnify the buyer', 'against all claims.'] }]));
  execFileSync('pdftoppm', ['-r', '72', '-gray', '-singlefile', join(tmp, 'big.pdf'), join(tmp, 'page')]);
  const pgm = readFileSync(join(tmp, 'page.pgm'));
  // Binary PGM: "P5\n<w> <h>\n<max>\n" then w*h bytes.
  const match = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 40).toString('latin1'));
  if (!match) throw new Error('unexpected pdftoppm output');
  const [header, w, h] = [match[0].length, Number(match[1]), Number(match[2])];
  writeFileSync(out('scanned.pdf'), buildPdf([{ kind: 'image', width: w, height: h, gray: pgm.subarray(header, header + w * h) }]));

  // A tiny PNG (unsupported type): the first page of text.pdf at 8 dpi.
  execFileSync('pdftoppm', ['-r', '8', '-png', '-singlefile', out('text.pdf'), join(tmp, 'tiny')]);
  copyFileSync(join(tmp, 'tiny.png'), out('image.png'));
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

// 3. A truncated PDF: the first 60% of text.pdf (no cross-reference table, no trailer).
writeFileSync(out('truncated.pdf'), textPdf.subarray(0, Math.floor(textPdf.length * 0.6)));

// 4. An encrypted PDF (AES-256, user password "secret").
execFileSync('qpdf', ['--encrypt', 'secret', 'owner', '256', '--', out('text.pdf'), out('encrypted.pdf')]);

// 5. A DOCX, a zip-bomb DOCX (50 MB of 'A' in 52 KB) and a zip of something else.
const docx = buildDocx({
  name: 'word/document.xml',
  data: Buffer.from(documentXml(['Lease Agreement', 'The tenant shall pay rent monthly.', 'The landlord shall keep the premises in repair.'])),
});
writeFileSync(out('lease.docx'), docx);
writeFileSync(out('bomb.docx'), buildBombDocx(50 * 1024 * 1024));
writeFileSync(out('other.zip'), buildZip([{ name: 'readme.txt', data: Buffer.from('just a zip\n') }]));

// 6. Texts in several encodings.
const accented = 'Café contract, “smart quotes” — § 42-3505.01 naïve résumé façade.\r\nSecond line: Müller & Søren paid €500.\r\n';
writeFileSync(out('windows-1252.txt'), iconv.encode(accented, 'windows-1252'));
writeFileSync(out('utf16le.txt'), iconv.encode(accented, 'utf-16le', { addBOM: true }));
writeFileSync(out('utf16be.txt'), Buffer.concat([Buffer.from([0xfe, 0xff]), iconv.encode(accented, 'utf-16be')]));
writeFileSync(out('utf8-bom.txt'), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(accented)]));
writeFileSync(out('prose.txt'), [
  'The parties, having considered the matter, agree as follows.',
  'First, the buyer pays, and the seller delivers, within thirty days.',
  'Second, disputes go to arbitration, in Richmond, Virginia, under the rules then in force.',
  'Third, notices are in writing.',
].join('\n') + '\n');

// 7. An e-mail with a PDF and a DOCX attached.
const eml = [
  'Received: from mail.example.com by mx.example.org; Tue, 4 Mar 2025 10:00:00 +0000',
  'From: Alice Example <alice@example.com>',
  'To: Bob Example <bob@example.org>',
  'Cc: Carol <carol@example.org>',
  'Subject: Signed agreement and lease',
  'Date: Tue, 4 Mar 2025 10:00:00 +0000',
  'MIME-Version: 1.0',
  'Content-Type: multipart/mixed; boundary="XYZ"',
  '',
  '--XYZ',
  'Content-Type: text/plain; charset=utf-8',
  '',
  'Bob, please find the signed agreement and the lease attached.',
  '',
  '--XYZ',
  'Content-Type: application/pdf; name="agreement.pdf"',
  'Content-Disposition: attachment; filename="agreement.pdf"',
  'Content-Transfer-Encoding: base64',
  '',
  ...(textPdf.toString('base64').match(/.{1,76}/g) ?? []),
  '',
  '--XYZ',
  'Content-Type: application/vnd.openxmlformats-officedocument.wordprocessingml.document; name="lease.docx"',
  'Content-Disposition: attachment; filename="lease.docx"',
  'Content-Transfer-Encoding: base64',
  '',
  ...(docx.toString('base64').match(/.{1,76}/g) ?? []),
  '',
  '--XYZ--',
  '',
].join('\r\n');
writeFileSync(out('message.eml'), eml);

// 8. HTML, Markdown and CSV.
writeFileSync(out('page.html'), `<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>Notice</title></head>
<body><h1>Notice of Termination</h1>
<p>Under <a href="https://example.com/contract">the contract</a>, the tenant must leave.</p>
<img src="logo.png" alt="Company logo">
<h2>Deadlines</h2>
<ul><li>Vacate by May 1</li><li>Return keys by May 2</li></ul>
</body></html>
`);
writeFileSync(out('notes.md'), '# Case notes\n\n- Filed on **March 3**\n- See [the docket](https://example.com/docket)\n\nPlain paragraph.\n');
writeFileSync(out('table.csv'), 'party,role,amount\n"Acme, Inc.",seller,1000\nFolio LLC,buyer,250\nBeta Co,guarantor,0\n');
writeFileSync(out('semicolon.csv'), 'Partei;Rolle;Betrag\nAcme;Verkäufer;1000,50\nFolio;Käufer;250,00\n');

// 9. A two-sheet workbook.
const workbook = new ExcelJS.Workbook();
const parties = workbook.addWorksheet('Parties');
parties.addRow(['Name', 'Role']);
parties.addRow(['Acme Corp', 'Seller']);
parties.addRow(['Folio LLC', 'Buyer']);
const terms = workbook.addWorksheet('Terms');
terms.addRow(['Clause', 'Days']);
terms.addRow(['Notice period', 30]);
await workbook.xlsx.writeFile(out('two-sheets.xlsx'));

console.log('fixtures written to', here);

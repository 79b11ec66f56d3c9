import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { buildPdf } from '../__fixtures__/pdf-writer.js';
import { extractFile } from '../extract-file.js';
import { ExtractionFailure } from '../extraction-failure.js';
import type { ExtractionContext, ExtractionLimits, TrackedResource } from '../extraction.types.js';
import { ocrAvailable, run } from '../ocr.js';

/*
 * The extractors run here in-process, without the worker pool, to check what each one reads.
 * extraction-pool.test.ts covers isolation.
 */

const fixture = (name: string) => join(import.meta.dirname, '..', '__fixtures__', name);
const limits: ExtractionLimits = { timeoutMs: 60_000, maxMemoryMb: 512, maxPages: 5000 };
function context(overrides: Partial<ExtractionContext> = {}): ExtractionContext {
  return { ocr: true, softDeadline: Date.now() + 60_000, depth: 0, track: () => undefined, ...overrides };
}
const textOf = async (name: string, ctx = context(), lim = limits) => {
  const result = await extractFile(fixture(name), lim, ctx);
  return { ...result, text: result.pages.map((p) => p.text).join('\n\f\n') };
};
async function failureOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof ExtractionFailure, `expected ExtractionFailure, got ${String(error)}`);
    return error.reason;
  }
  assert.fail('expected the extraction to fail');
}

describe('PDF', () => {
  const dir = mkdtempSync(join(tmpdir(), 'folio-pdf-test-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('reads text page by page with line breaks', async () => {
    const { pages, pageCount, warnings, contentType } = await textOf('text.pdf');
    assert.equal(contentType, 'application/pdf');
    assert.equal(pageCount, 2);
    assert.deepEqual(warnings, []);
    assert.equal(pages[0]?.text, 'MASTER SERVICES AGREEMENT\nThis Agreement is made between Acme Corp and Folio LLC.\nSection 1. Term of the agreement is two years.');
    assert.equal(pages[1]?.page, 2);
    assert.match(pages[1]?.text ?? '', /^Section 2\. Governing law: the laws of Virginia apply\.\nSection 3\./);
  });

  test('stops at maxPages and says so', async () => {
    const path = join(dir, 'five.pdf');
    writeFileSync(path, buildPdf([1, 2, 3, 4, 5].map((n) => ({ kind: 'text' as const, lines: [`This is page number ${n} of five.`] }))));
    const result = await extractFile(path, { ...limits, maxPages: 2 }, context());
    assert.equal(result.pageCount, 5);
    assert.deepEqual(result.pages.map((p) => p.page), [1, 2]);
    assert.deepEqual(result.warnings, ['only the first 2 of 5 pages were read']);
  });

  test('a password-protected PDF fails with a clear reason', async () => {
    assert.equal(await failureOf(textOf('encrypted.pdf')), 'the PDF is encrypted with a password and cannot be read');
  });

  test('a truncated PDF fails with a clear reason', async () => {
    assert.match(await failureOf(textOf('truncated.pdf')), /^the PDF is corrupt or truncated/);
  });

  test('OCR reads a scanned page', { skip: ocrAvailable() ? false : 'tesseract-ocr and poppler-utils are not installed' }, async () => {
    const tracked: TrackedResource[] = [];
    const { text, warnings, pageCount } = await textOf('scanned.pdf', context({ track: (r) => tracked.push(r) }));
    assert.equal(pageCount, 1);
    assert.deepEqual(warnings, []);
    assert.match(text, /INDEMNIFICATION CLAUSE/);
    assert.match(text, /indemnify the buyer/);
    // every child process and temp folder it reported was also reported finished
    const open = tracked.filter((r) => !r.done && !tracked.some((d) => d.done && d.kind === r.kind && JSON.stringify({ ...d, done: false }) === JSON.stringify(r)));
    assert.ok(tracked.length >= 3);
    assert.deepEqual(open, []);
  });

  test('without OCR a scanned PDF still succeeds, with a warning naming the pages', async () => {
    const disabled = await textOf('scanned.pdf', context({ ocr: false }));
    assert.deepEqual(disabled.pages, []);
    assert.deepEqual(disabled.warnings, ['page 1 has no text layer and OCR is disabled']);
    const savedPath = process.env.PATH;
    process.env.PATH = dir; // nothing executable in there: OCR "not installed"
    try {
      const missing = await textOf('scanned.pdf');
      assert.equal(missing.pageCount, 1);
      assert.match(missing.warnings.join('\n'), /^page 1 has no text layer and OCR is not installed/);
    } finally {
      process.env.PATH = savedPath;
    }
  });
});

describe('run (OCR child processes)', () => {
  test('kills a child at its timeout and reports it finished', async () => {
    const tracked: TrackedResource[] = [];
    const started = Date.now();
    await assert.rejects(run('sleep', ['30'], 200, context({ track: (r) => tracked.push(r) })), /killed \(SIGKILL\)/);
    assert.ok(Date.now() - started < 5000);
    const child = tracked[0];
    assert.ok(child?.kind === 'child');
    assert.deepEqual(tracked[1], { ...child, done: true });
    assert.throws(() => process.kill(child.pid, 0), { code: 'ESRCH' });
  });
});

describe('office documents', () => {
  test('DOCX keeps paragraph breaks', async () => {
    const { text, contentType } = await textOf('lease.docx');
    assert.equal(contentType, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    assert.equal(text, 'Lease Agreement\n\nThe tenant shall pay rent monthly.\n\nThe landlord shall keep the premises in repair.');
  });
  test('a zip-bomb DOCX is refused before inflating', async () => {
    assert.match(await failureOf(textOf('bomb.docx')), /zip bomb/);
  });
  test('XLSX: a page per sheet, rows tab-separated', async () => {
    const { pages, pageCount } = await textOf('two-sheets.xlsx');
    assert.equal(pageCount, 2);
    assert.deepEqual(pages, [
      { page: 1, text: 'Sheet: Parties\nName\tRole\nAcme Corp\tSeller\nFolio LLC\tBuyer' },
      { page: 2, text: 'Sheet: Terms\nClause\tDays\nNotice period\t30' },
    ]);
  });
  test('XLSX sheets beyond maxPages are dropped with a warning', async () => {
    const { pages, warnings } = await textOf('two-sheets.xlsx', context(), { ...limits, maxPages: 1 });
    assert.equal(pages.length, 1);
    assert.deepEqual(warnings, ['only the first 1 of 2 sheets were read']);
  });
  test('a zip of something else is unsupported', async () => {
    assert.equal(await failureOf(textOf('other.zip')), 'unsupported file type: application/zip');
  });
});

describe('text formats', () => {
  test('HTML: headings and list items as lines, no link URLs, no image alt text', async () => {
    const { text } = await textOf('page.html');
    assert.equal(text, 'Notice of Termination\n\nUnder the contract, the tenant must leave.\n\nDeadlines\n * Vacate by May 1\n * Return keys by May 2');
  });
  test('CSV: rows as lines, cells joined by " | ", quoted commas kept', async () => {
    assert.equal((await textOf('table.csv')).text, 'party | role | amount\nAcme, Inc. | seller | 1000\nFolio LLC | buyer | 250\nBeta Co | guarantor | 0');
    assert.equal((await textOf('semicolon.csv')).text, 'Partei | Rolle | Betrag\nAcme | Verkäufer | 1000,50\nFolio | Käufer | 250,00');
  });
  for (const name of ['windows-1252.txt', 'utf16le.txt', 'utf16be.txt', 'utf8-bom.txt']) {
    test(`${name} decodes to UTF-8 with LF line ends`, async () => {
      const { text } = await textOf(name);
      assert.equal(text, 'Café contract, “smart quotes” — § 42-3505.01 naïve résumé façade.\nSecond line: Müller & Søren paid €500.\n');
    });
  }
  test('Markdown is kept as written', async () => {
    const { text, contentType } = await textOf('notes.md');
    assert.equal(contentType, 'text/markdown');
    assert.match(text, /^# Case notes\n\n- Filed on \*\*March 3\*\*/);
  });
  test('an image is unsupported, by content', async () => {
    assert.equal(await failureOf(textOf('image.png')), 'unsupported file type: image/png');
  });
});

describe('e-mail', () => {
  test('headers, body, then each attachment under its own line', async () => {
    const { text, warnings } = await textOf('message.eml');
    assert.deepEqual(warnings, []);
    const expectedStart = [
      'From: "Alice Example" <alice@example.com>',
      'To: "Bob Example" <bob@example.org>',
      'Cc: "Carol" <carol@example.org>',
      'Date: 2025-03-04T10:00:00.000Z',
      'Subject: Signed agreement and lease',
      '',
      'Bob, please find the signed agreement and the lease attached.',
      '',
      'Attachment: agreement.pdf',
      'MASTER SERVICES AGREEMENT',
    ].join('\n');
    assert.ok(text.startsWith(expectedStart), text);
    assert.match(text, /Section 3\. Either party may terminate on notice\.\n\nAttachment: lease\.docx\nLease Agreement\n\nThe tenant shall pay rent monthly\./);
  });
  test('attachments deeper than two levels are not read', async () => {
    const result = await extractFile(fixture('message.eml'), limits, context({ depth: 2 }));
    assert.doesNotMatch(result.pages[0]?.text ?? '', /Attachment:/);
    assert.deepEqual(result.warnings, ['2 attachment(s) nested deeper than 2 levels were not read']);
  });
});

import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ExtractionFailure } from '../extraction-failure.js';
import type { ExtractedPage, ExtractionContext, Extractor } from '../extraction.types.js';
import { ocrAvailable, ocrPdfPage } from '../ocr.js';
import { PDF } from '../sniff.js';
import { describePages, layoutPageText, type PositionedText } from './pdf-text.js';

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
type PdfDocument = Awaited<ReturnType<PdfJs['getDocument']>['promise']>;

let pdfjsModule: Promise<PdfJs> | null = null;
/** pdf.js is large; an extraction process loads it on its first PDF, then keeps it. */
function loadPdfJs(): Promise<PdfJs> {
  pdfjsModule ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return pdfjsModule;
}

/*
 * pdf.js on Node reads standard fonts with fs.readFile(baseUrl + name), and fs treats a 'file://' string as
 * a relative path, so the folder is given as a plain path (with the trailing slash pdf.js concatenates to).
 */
const standardFontDataUrl = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** Fewer visible characters than this on a page that paints an image means "scanned": send it to OCR. */
const MIN_TEXT_CHARS = 16;

/** Why pdf.js could not open a document, in words for the user. */
function openFailure(error: unknown): ExtractionFailure {
  const name = (error as { name?: string } | null)?.name ?? '';
  const message = (error as Error | null)?.message ?? String(error);
  if (name === 'PasswordException') return new ExtractionFailure('the PDF is encrypted with a password and cannot be read', { cause: error });
  return new ExtractionFailure(`the PDF is corrupt or truncated (${message})`, { cause: error });
}

async function paintsImages(pdfjs: PdfJs, doc: PdfDocument, pageNumber: number): Promise<boolean> {
  const page = await doc.getPage(pageNumber);
  const ops = await page.getOperatorList();
  const imageOps = new Set<number>([pdfjs.OPS.paintImageXObject, pdfjs.OPS.paintInlineImageXObject, pdfjs.OPS.paintImageMaskXObject, pdfjs.OPS.paintImageXObjectRepeat]);
  return ops.fnArray.some((op) => imageOps.has(op));
}

async function ocrPages(path: string, pages: number[], context: ExtractionContext, warnings: string[]): Promise<ExtractedPage[]> {
  if (pages.length === 0) return [];
  if (!context.ocr) {
    warnings.push(`${describePages(pages)} ${have(pages)} no text layer and OCR is disabled`);
    return [];
  }
  if (!ocrAvailable()) {
    warnings.push(`${describePages(pages)} ${have(pages)} no text layer and OCR is not installed (install tesseract-ocr and poppler-utils)`);
    return [];
  }
  const read: ExtractedPage[] = [];
  const failed: number[] = [];
  const late: number[] = [];
  for (const page of pages) {
    const left = context.softDeadline - Date.now();
    if (left < 1000) {
      late.push(page);
      continue;
    }
    try {
      const text = (await ocrPdfPage(path, page, left, context)).replace(/\n{3,}/g, '\n\n').trim();
      if (text) read.push({ page, text });
    } catch {
      failed.push(page);
    }
  }
  if (failed.length) warnings.push(`OCR failed on ${describePages(failed)}`);
  if (late.length) warnings.push(`${describePages(late)} ${late.length === 1 ? 'was' : 'were'} not OCRed: the time limit was reached`);
  return read;
}

/** PDF via pdf.js: text per page in reading order; pages without a text layer go to OCR. */
export const pdfExtractor: Extractor = {
  name: 'pdf',
  matches: (type) => type === PDF,
  async extract(path, limits, context) {
    const pdfjs = await loadPdfJs();
    const data = new Uint8Array(await readFile(path));
    const task = pdfjs.getDocument({
      data,
      standardFontDataUrl,
      disableFontFace: true,
      isEvalSupported: false,
      useSystemFonts: false,
      stopAtErrors: true,
      verbosity: pdfjs.VerbosityLevel.ERRORS,
    });
    let doc: PdfDocument;
    try {
      doc = await task.promise;
    } catch (error) {
      await task.destroy();
      throw openFailure(error);
    }
    try {
      const pageCount = doc.numPages;
      const warnings: string[] = [];
      const pages: ExtractedPage[] = [];
      const scanned: number[] = [];
      const scraps = new Map<number, string>();
      const last = Math.min(pageCount, limits.maxPages);
      for (let n = 1; n <= last; n++) {
        if (Date.now() > context.softDeadline) {
          warnings.push(`${describePages(range(n, last))} ${n === last ? 'was' : 'were'} not read: the time limit was reached`);
          break;
        }
        let text: string;
        try {
          const page = await doc.getPage(n);
          const content = await page.getTextContent();
          text = layoutPageText(content.items.flatMap((item): PositionedText[] => ('str' in item ? [item] : [])));
          page.cleanup();
        } catch (error) {
          throw new ExtractionFailure(`the PDF is corrupt or truncated (page ${n}: ${(error as Error).message})`, { cause: error });
        }
        if (text.replace(/\s/g, '').length >= MIN_TEXT_CHARS || !(await paintsImages(pdfjs, doc, n))) {
          if (text) pages.push({ page: n, text });
        } else {
          scanned.push(n);
          if (text) scraps.set(n, text); // a page number or stamp; kept if OCR cannot do better
        }
      }
      if (pageCount > limits.maxPages) warnings.push(`only the first ${limits.maxPages} of ${pageCount} pages were read`);
      const ocred = await ocrPages(path, scanned, context, warnings);
      pages.push(...ocred);
      for (const [page, text] of scraps) if (!ocred.some((p) => p.page === page)) pages.push({ page, text });
      pages.sort((a, b) => a.page - b.page);
      return { pages, pageCount, warnings };
    } finally {
      await doc.destroy();
    }
  },
};

function have(pages: number[]): string {
  return pages.length === 1 ? 'has' : 'have';
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

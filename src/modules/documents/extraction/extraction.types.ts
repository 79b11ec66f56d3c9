import type { PassageSpan } from '../passages/passage-spans.js';
/** What text extraction produces for one stored file. */

export interface ExtractedPage {
  /** 1-based page number. Formats without pages (text, DOCX, HTML, e-mail) yield one page, 1; a spreadsheet yields one page per sheet. */
  page: number;
  text: string;
}

export interface ExtractionResult {
  /** The sniffed media type, e.g. 'application/pdf', 'text/plain', 'message/rfc822'. */
  contentType: string;
  pages: ExtractedPage[];
  /** Pages in the source document (PDF: all pages, including those that yielded no text). */
  pageCount: number;
  /** Human-readable notes on what could not be read, e.g. 'pages 3, 4 have no text layer and OCR is not installed'. */
  warnings: string[];
  /**
   * The pages chunked into passages and clause-tagged, done in the extraction process: the work runs
   * there in parallel, instead of in the one index writer every file waits for. Without their texts,
   * which are slices of `pages`.
   */
  passages?: PassageSpan[];
}

export interface ExtractionLimits {
  /** Wall-clock bound for one file. */
  timeoutMs: number;
  /** Memory one extraction may use beyond its process's idle footprint, in MiB (resident-memory watchdog; the heap bound is a backstop). */
  maxMemoryMb: number;
  /** Pages beyond this are not read; the result says so in a warning. */
  maxPages: number;
}

/** What an extractor may use beyond the limits: OCR, the deadline and the nesting depth (e-mail attachments). */
export interface ExtractionContext {
  /** Whether scanned PDF pages may be sent to OCR (tesseract, when installed). */
  ocr: boolean;
  /** Epoch ms after which slow optional work (OCR, further PDF pages) stops and the result says so. */
  softDeadline: number;
  /** 0 for an uploaded file, 1 for an e-mail's attachment, and so on. */
  depth: number;
  /** Reports a child process or temporary folder, so whoever supervises the extraction can clean up after a kill. */
  track(resource: TrackedResource): void;
}

/** A resource outside the JS heap that must not outlive a killed extraction. */
export type TrackedResource =
  | { kind: 'child'; pid: number; done: boolean }
  | { kind: 'tempDir'; path: string; done: boolean };

/** What one extractor produces; the dispatcher adds the content type. */
export type ExtractedContent = Omit<ExtractionResult, 'contentType'>;

/** One extraction strategy: which sniffed media types it reads, and how. */
export interface Extractor {
  name: string;
  matches(contentType: string): boolean;
  extract(path: string, limits: ExtractionLimits, context: ExtractionContext): Promise<ExtractedContent>;
}

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
}

export interface ExtractionLimits {
  /** Wall-clock bound for one file. */
  timeoutMs: number;
  /** Heap bound for the isolated extractor, in MiB. */
  maxMemoryMb: number;
  /** Pages beyond this are not read; the result says so in a warning. */
  maxPages: number;
}

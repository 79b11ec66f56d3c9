import { readFile } from 'node:fs/promises';
import type { HtmlToTextOptions } from 'html-to-text';
import iconv from 'iconv-lite';
import { bomEncoding, decodeText, isUtf8, normalizeNewlines } from '../decode-text.js';
import type { Extractor } from '../extraction.types.js';

const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({
  selector,
  options: { uppercase: false, leadingLineBreaks: 2, trailingLineBreaks: 1 },
}));

const OPTIONS: HtmlToTextOptions = {
  wordwrap: false,
  // html-to-text silently cuts input above 16 M characters; the worker's memory bound is our limit instead.
  limits: { maxInputLength: Number.MAX_SAFE_INTEGER },
  selectors: [
    { selector: 'a', options: { ignoreHref: true } },
    { selector: 'img', format: 'skip' },
    { selector: 'nav', format: 'skip' },
    { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
    ...HEADINGS,
  ],
};

/** Converts an HTML string to readable text: headings and list items on their own lines, no link URLs. */
export async function htmlToText(html: string): Promise<string> {
  const { convert } = await import('html-to-text'); // on first use (extract-file.ts says why)
  return normalizeNewlines(convert(html, OPTIONS)).replace(/\n{3,}/g, '\n\n').trim();
}

/** Decodes HTML bytes, honouring a <meta charset> when the bytes are neither BOM-marked nor valid UTF-8. */
export function decodeHtml(bytes: Buffer): string {
  if (!bomEncoding(bytes) && !isUtf8(bytes)) {
    const head = bytes.subarray(0, 2048).toString('latin1');
    const declared = /<meta[^>]+charset\s*=\s*["']?([\w-]+)/i.exec(head)?.[1]?.toLowerCase();
    if (declared && declared !== 'utf-8' && iconv.encodingExists(declared)) return iconv.decode(bytes, declared);
  }
  return decodeText(bytes).text;
}

/** HTML pages: one page of text. */
export const htmlExtractor: Extractor = {
  name: 'html',
  matches: (type) => type === 'text/html',
  async extract(path) {
    const text = await htmlToText(decodeHtml(await readFile(path)));
    return { pages: [{ page: 1, text }], pageCount: 1, warnings: [] };
  },
};

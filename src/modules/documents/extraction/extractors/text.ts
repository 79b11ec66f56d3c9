import { readFileSync } from 'node:fs';
import { decodeText, normalizeNewlines } from '../decode-text.js';
import type { Extractor } from '../extraction.types.js';

/**
 * Reads a text file in any common encoding as one page of LF-separated text. Synchronously, as
 * sniffing reads (sniff.ts): extraction runs one file at a time in its own process, and
 * fs.promises.readFile reads in 512 KB trips through the thread pool.
 */
export async function readTextFile(path: string): Promise<string> {
  return normalizeNewlines(decodeText(readFileSync(path)).text);
}

/** Plain text and Markdown: decoded, newlines normalised, kept as written (Markdown markup is readable). */
export const textExtractor: Extractor = {
  name: 'text',
  matches: (type) => type === 'text/plain' || type === 'text/markdown',
  async extract(path) {
    return { pages: [{ page: 1, text: await readTextFile(path) }], pageCount: 1, warnings: [] };
  },
};

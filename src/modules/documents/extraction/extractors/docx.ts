import { ExtractionFailure } from '../extraction-failure.js';
import type { Extractor } from '../extraction.types.js';
import { DOCX } from '../sniff.js';
import { assertSafeZip } from './zip-guard.js';

/** Word documents via mammoth's raw text: one page, paragraphs separated by a blank line. */
export const docxExtractor: Extractor = {
  name: 'docx',
  matches: (type) => type === DOCX,
  async extract(path) {
    await assertSafeZip(path, 'DOCX');
    let value: string;
    try {
      const { default: mammoth } = await import('mammoth'); // on first use (extract-file.ts says why)
      ({ value } = await mammoth.extractRawText({ path }));
    } catch (error) {
      throw new ExtractionFailure(`the DOCX file could not be read: ${(error as Error).message}`, { cause: error });
    }
    const text = value.replace(/\r\n?/g, '\n').replace(/\n{3,}/g, '\n\n').trim();
    return { pages: [{ page: 1, text }], pageCount: 1, warnings: [] };
  },
};

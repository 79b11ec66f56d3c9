import { parse } from 'csv-parse/sync';
import { detectCsvDelimiter } from '../classify-text.js';
import type { Extractor } from '../extraction.types.js';
import { readTextFile } from './text.js';

/** Renders CSV text as lines of cells joined by ' | ', which reads well and keeps the columns apart. */
export function csvToText(text: string): string {
  const delimiter = detectCsvDelimiter(text) ?? ',';
  const rows = parse(text, {
    delimiter,
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
  }) as string[][];
  return rows
    .map((row) => row.map((cell) => cell.replace(/\s*\n\s*/g, ' ').trim()).join(' | ').replace(/( \| )+$/, ''))
    .join('\n');
}

/** CSV (comma, semicolon, tab or pipe separated): one page, a line per row. */
export const csvExtractor: Extractor = {
  name: 'csv',
  matches: (type) => type === 'text/csv',
  async extract(path) {
    return { pages: [{ page: 1, text: csvToText(await readTextFile(path)) }], pageCount: 1, warnings: [] };
  },
};

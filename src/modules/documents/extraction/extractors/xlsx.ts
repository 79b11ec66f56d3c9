import type ExcelJS from 'exceljs';
import { ExtractionFailure } from '../extraction-failure.js';
import type { ExtractedPage, Extractor } from '../extraction.types.js';
import { XLSX } from '../sniff.js';
import { assertSafeZip } from './zip-guard.js';

/** One worksheet as text: 'Sheet: <name>' then a line per row, cells tab-separated, trailing blanks dropped. */
export function sheetToText(sheet: ExcelJS.Worksheet): string {
  const lines = [`Sheet: ${sheet.name}`];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cell.text.replace(/\s*\n\s*/g, ' ').trim();
    });
    const filled = Array.from(cells, (c) => c ?? '');
    while (filled.length > 0 && filled[filled.length - 1] === '') filled.pop();
    if (filled.length > 0) lines.push(filled.join('\t'));
  });
  return lines.join('\n');
}

/** Spreadsheets via exceljs: each sheet a page. */
export const xlsxExtractor: Extractor = {
  name: 'xlsx',
  matches: (type) => type === XLSX,
  async extract(path, limits) {
    await assertSafeZip(path, 'XLSX');
    const { default: excel } = await import('exceljs'); // on first use (extract-file.ts says why)
    const workbook = new excel.Workbook();
    try {
      await workbook.xlsx.readFile(path);
    } catch (error) {
      throw new ExtractionFailure(`the XLSX file could not be read: ${(error as Error).message}`, { cause: error });
    }
    const sheets = workbook.worksheets;
    const pages: ExtractedPage[] = sheets.slice(0, limits.maxPages).map((sheet, i) => ({ page: i + 1, text: sheetToText(sheet) }));
    const warnings = sheets.length > limits.maxPages
      ? [`only the first ${limits.maxPages} of ${sheets.length} sheets were read`]
      : [];
    return { pages, pageCount: sheets.length, warnings };
  },
};

import type { CellOut } from '../projects.schemas.js';

/** The grid as a person reads it: a header (`File`, then the column titles) and one record per row. */
export interface ReviewSheet {
  header: string[];
  records: string[][];
  /** One line per citation, for the XLSX `Citations` sheet. */
  citations: Array<{ file: string; column: string; value: string; page: number; quote: string; start: number; end: number; fileId: number }>;
}

export interface SheetInput {
  rows: Array<{ rowId: number; fileNames: string[]; fileNamesById: Map<number, string> }>;
  columns: Array<{ columnId: number; title: string }>;
  cells: CellOut[];
}

/** What a cell shows in an export: its display once done, the failure when failed, nothing before. */
export function cellText(cell: CellOut | undefined): string {
  if (!cell) return '';
  if (cell.status === 'done') return cell.display ?? '';
  if (cell.status === 'failed') return `Failed: ${cell.error ?? 'unknown error'}`;
  return '';
}

export function buildReviewSheet(input: SheetInput): ReviewSheet {
  const byKey = new Map(input.cells.map((c) => [`${c.row_id}:${c.column_id}`, c]));
  const header = ['File', ...input.columns.map((c) => c.title)];
  const records: string[][] = [];
  const citations: ReviewSheet['citations'] = [];
  for (const row of input.rows) {
    const file = row.fileNames.join('; ');
    records.push([file, ...input.columns.map((c) => cellText(byKey.get(`${row.rowId}:${c.columnId}`)))]);
    for (const column of input.columns) {
      const cell = byKey.get(`${row.rowId}:${column.columnId}`);
      if (cell?.status !== 'done') continue;
      for (const c of cell.citations) {
        citations.push({ file: row.fileNamesById.get(c.file_id) ?? String(c.file_id), column: column.title, value: cell.display ?? '', page: c.page, quote: c.quote, start: c.start, end: c.end, fileId: c.file_id });
      }
    }
  }
  return { header, records, citations };
}

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, tab, CR first) is prefixed with an
 * apostrophe (OWASP's advice on CSV injection); plain numbers stay as they are.
 */
export function neutralizeFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) && !/^[+-]?\d+(?:\.\d+)?$/.test(text) ? `'${text}` : text;
}

/**
 * RFC 4180 CSV: fields quoted when they hold a comma, quote or line break, quotes doubled, CRLF
 * between records. Written here because it is these few lines; csv-parse, which we have, only reads.
 */
export function toCsv(sheet: ReviewSheet): string {
  const field = (value: string) => {
    const safe = neutralizeFormula(value);
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return [sheet.header, ...sheet.records].map((r) => r.map(field).join(',')).join('\r\n') + '\r\n';
}

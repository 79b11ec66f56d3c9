import ExcelJS from 'exceljs';
import { neutralizeFormula, type ReviewSheet } from './review-sheet.js';

/** The review as an XLSX workbook: the grid on `Review`, every cell's citations on `Citations`. */
export async function toXlsx(sheet: ReviewSheet, title: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.title = title;
  const review = workbook.addWorksheet('Review');
  review.addRow(sheet.header);
  for (const record of sheet.records) review.addRow(record.map(neutralizeFormula));
  review.getRow(1).font = { bold: true };
  review.columns.forEach((c) => (c.width = 40));

  const citations = workbook.addWorksheet('Citations');
  citations.addRow(['File', 'Column', 'Value', 'Page', 'Quote', 'Start', 'End', 'File id']);
  for (const c of sheet.citations) citations.addRow([c.file, c.column, neutralizeFormula(c.value), c.page, neutralizeFormula(c.quote), c.start, c.end, c.fileId]);
  citations.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

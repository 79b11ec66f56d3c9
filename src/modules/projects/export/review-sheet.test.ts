import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildReviewSheet, neutralizeFormula, toCsv } from './review-sheet.js';

test('CSV: header File then the column titles, one record per row, quoting per RFC 4180', () => {
  const sheet = buildReviewSheet({
    rows: [{ rowId: 1, fileNames: ['supply.txt'], fileNamesById: new Map([[3, 'supply.txt']]) }],
    columns: [{ columnId: 10, title: 'Governing law' }, { columnId: 11, title: 'Cap, if any' }],
    cells: [
      { row_id: 1, column_id: 10, status: 'done', value: 'New York', display: 'New York', citations: [{ file_id: 3, page: 1, quote: 'laws of the State of New York', start: 5, end: 34 }], error: null },
      { row_id: 1, column_id: 11, status: 'done', value: 'liability "capped"', display: 'liability "capped", in total', citations: [], error: null },
    ],
  });
  assert.equal(toCsv(sheet), 'File,Governing law,"Cap, if any"\r\nsupply.txt,New York,"liability ""capped"", in total"\r\n');
  assert.deepEqual(sheet.citations, [{ file: 'supply.txt', column: 'Governing law', value: 'New York', page: 1, quote: 'laws of the State of New York', start: 5, end: 34, fileId: 3 }]);
});

test('pending cells are blank, failed ones say so, and formulas are neutralized', () => {
  const sheet = buildReviewSheet({
    rows: [{ rowId: 1, fileNames: ['a.txt', 'b.txt'], fileNamesById: new Map() }],
    columns: [{ columnId: 1, title: 'A' }, { columnId: 2, title: 'B' }],
    cells: [
      { row_id: 1, column_id: 1, status: 'pending', value: null, display: null, citations: [], error: null },
      { row_id: 1, column_id: 2, status: 'failed', value: null, display: null, citations: [], error: 'boom' },
    ],
  });
  assert.deepEqual(sheet.records, [['a.txt; b.txt', '', 'Failed: boom']]);
  assert.equal(neutralizeFormula('=HYPERLINK("x")'), `'=HYPERLINK("x")`);
  assert.equal(neutralizeFormula('-5'), '-5');
});

import type { ProjectWithParts } from './projects.repository.js';
import type { ProjectCellRow } from './engine/cells.tables.js';
import type { CellOut, CellsResponse } from './projects.schemas.js';
import type { Citation } from './engine/cell-answer.types.js';

export function presentCell(cell: ProjectCellRow): CellOut {
  const done = cell.status === 'done';
  return {
    row_id: cell.row_id,
    column_id: cell.column_id,
    status: cell.status,
    value: done && cell.value !== null ? (JSON.parse(cell.value) as unknown) : null,
    display: done ? cell.display : null,
    citations: done ? (JSON.parse(cell.citations) as Citation[]) : [],
    error: cell.status === 'failed' ? cell.error : null,
  };
}

/** The grid's cells in row then column display order, with the progress over them. */
export function presentCells(parts: ProjectWithParts, cells: ProjectCellRow[]): CellsResponse {
  const rowOrder = new Map(parts.rows.map((r, i) => [r.id, i]));
  const columnOrder = new Map(parts.columns.map((c, i) => [c.id, i]));
  const live = cells
    .filter((c) => rowOrder.has(c.row_id) && columnOrder.has(c.column_id))
    .sort((a, b) => (rowOrder.get(a.row_id) ?? 0) - (rowOrder.get(b.row_id) ?? 0) || (columnOrder.get(a.column_id) ?? 0) - (columnOrder.get(b.column_id) ?? 0));
  return {
    progress: {
      done: live.filter((c) => c.status === 'done').length,
      failed: live.filter((c) => c.status === 'failed').length,
      total: live.length,
    },
    cells: live.map(presentCell),
  };
}

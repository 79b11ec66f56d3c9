import type { CoreDeps } from '../../shared/deps.js';
import { presentCells } from './project-cells.presenter.js';
import { loadProjectGrid } from './project-cells.usecases.js';
import { buildReviewSheet, toCsv } from './export/review-sheet.js';
import { toXlsx } from './export/review-xlsx.js';

export interface ProjectExport {
  body: Buffer;
  contentType: string;
  fileName: string;
}

/** The project's grid as CSV or XLSX (with a Citations sheet), file names in the first column. */
export async function exportProject(deps: CoreDeps<'cells' | 'documents' | 'projects'>, workspaceId: number, projectId: number, format: 'csv' | 'xlsx'): Promise<ProjectExport> {
  const { parts, cells } = await loadProjectGrid(deps, workspaceId, projectId);
  const names = new Map<number, string>();
  for (const id of new Set(parts.rows.flatMap((r) => JSON.parse(r.uploaded_file_ids) as number[]))) {
    const file = await deps.store.documents.getFile(workspaceId, id);
    names.set(id, file?.file_name ?? `file ${id} (deleted)`);
  }
  const sheet = buildReviewSheet({
    rows: parts.rows.map((r) => {
      const ids = JSON.parse(r.uploaded_file_ids) as number[];
      return { rowId: r.id, fileNames: ids.map((id) => names.get(id) ?? String(id)), fileNamesById: names };
    }),
    columns: parts.columns.map((c) => ({ columnId: c.id, title: c.column_title ?? c.query ?? '' })),
    cells: presentCells(parts, cells).cells,
  });
  const base = (parts.project.name.replace(/[^\w.-]+/g, '_').replace(/^_+|_+$/g, '') || 'project').slice(0, 80);
  if (format === 'csv') return { body: Buffer.from(toCsv(sheet), 'utf8'), contentType: 'text/csv; charset=utf-8', fileName: `${base}.csv` };
  return { body: await toXlsx(sheet, parts.project.name), contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', fileName: `${base}.xlsx` };
}

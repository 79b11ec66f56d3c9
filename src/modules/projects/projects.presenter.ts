import type { ProjectColumnRow, ProjectRowRow } from '../../db/schema.js';
import type { ProjectWithParts } from './projects.repository.js';
import type { Project, ProjectColumnOut, ProjectRowOut, ProjectType } from './projects.schemas.js';

export function presentProjectRow(row: ProjectRowRow): ProjectRowOut {
  return {
    row_id: row.id,
    project_id: row.project_id,
    uploaded_file_ids: JSON.parse(row.uploaded_file_ids) as number[],
    display_order: row.display_order,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function presentProjectColumn(column: ProjectColumnRow): ProjectColumnOut {
  return {
    column_id: column.id,
    project_id: column.project_id,
    column_title: column.column_title,
    query: column.query,
    response_structure: column.response_structure,
    display_order: column.display_order,
    created_at: column.created_at,
    updated_at: column.updated_at,
  };
}

/** A project with its rows and columns; `files` is every file id its rows name, once each, in row order. */
export function presentProject({ project, rows, columns }: ProjectWithParts): Project {
  const presentedRows = rows.map(presentProjectRow);
  const files = [...new Set(presentedRows.flatMap((r) => r.uploaded_file_ids ?? []))];
  return {
    id: project.id,
    name: project.name,
    description: project.description,
    workspace_id: project.workspace_id,
    display_order: project.display_order,
    project_type: project.project_type as ProjectType,
    summary: project.summary,
    created_at: project.created_at,
    updated_at: project.updated_at,
    files,
    rows: presentedRows,
    columns: columns.map(presentProjectColumn),
  };
}

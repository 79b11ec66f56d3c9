import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from '../../http/schema-helpers.js';

export const ProjectRowSchema = Type.Object(
  {
    row_id: Type.Integer(),
    project_id: Type.Integer(),
    uploaded_file_ids: Nullable(Type.Array(Type.Integer())),
    display_order: Type.Integer(),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { title: 'ProjectRow' },
);

export const ProjectColumnSchema = Type.Object(
  {
    column_id: Type.Integer(),
    project_id: Type.Integer(),
    column_title: Type.Optional(Nullable(Type.String())),
    query: Type.Optional(Nullable(Type.String())),
    response_structure: Type.Optional(Nullable(Type.String())),
    display_order: Type.Integer(),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { title: 'ProjectColumn' },
);

export const ProjectSchema = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    description: Nullable(Type.String()),
    workspace_id: Type.Integer(),
    display_order: Type.Optional(Nullable(Type.Integer({ default: 0 }))),
    project_type: Type.Optional(Type.Union([Type.Literal('table'), Type.Literal('insight'), Type.Literal('memo')], { default: 'table' })),
    summary: Type.Optional(Nullable(Type.String())),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
    files: Type.Optional(Nullable(Type.Array(Type.Integer()))),
    rows: Type.Optional(Nullable(Type.Array(ProjectRowSchema))),
    columns: Type.Optional(Nullable(Type.Array(ProjectColumnSchema))),
  },
  { title: 'Project' },
);

export type Project = Static<typeof ProjectSchema>;
export type ProjectRowOut = Static<typeof ProjectRowSchema>;
export type ProjectColumnOut = Static<typeof ProjectColumnSchema>;
export const projectTypes = ['table', 'insight', 'memo'] as const;
export type ProjectType = (typeof projectTypes)[number];

export const ProjectIdParams = Type.Object({ workspace_id: Type.Integer(), project_id: Type.Integer() });
export type ProjectIdParams = Static<typeof ProjectIdParams>;
export const ProjectRowParams = Type.Object({ workspace_id: Type.Integer(), project_id: Type.Integer(), row_id: Type.Integer() });
export type ProjectRowParams = Static<typeof ProjectRowParams>;
export const ProjectColumnParams = Type.Object({ workspace_id: Type.Integer(), project_id: Type.Integer(), column_id: Type.Integer() });
export type ProjectColumnParams = Static<typeof ProjectColumnParams>;

const StructureField = Type.String({
  description: 'text, yes_no, date, duration, money, number, jurisdiction, list, or enum:a|b|c',
  examples: ['yes_no', 'enum:exclusive|non-exclusive'],
});

export const CreateProjectBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 500 }),
  description: Type.Optional(Nullable(Type.String({ maxLength: 10_000 }))),
  project_type: Type.Optional(Type.Union([Type.Literal('table'), Type.Literal('insight'), Type.Literal('memo')])),
});
export type CreateProjectBody = Static<typeof CreateProjectBody>;

export const AddRowBody = Type.Object({ uploaded_file_ids: Type.Array(Type.Integer(), { minItems: 1, maxItems: 1000 }) });
export type AddRowBody = Static<typeof AddRowBody>;

export const AddColumnBody = Type.Object({
  column_title: Type.String({ minLength: 1, maxLength: 500 }),
  query: Type.String({ minLength: 1, maxLength: 8000 }),
  response_structure: StructureField,
});
export type AddColumnBody = Static<typeof AddColumnBody>;

export const PatchColumnBody = Type.Object({
  column_title: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
  query: Type.Optional(Type.String({ minLength: 1, maxLength: 8000 })),
  response_structure: Type.Optional(StructureField),
});
export type PatchColumnBody = Static<typeof PatchColumnBody>;

export const CitationSchema = Type.Object(
  {
    file_id: Type.Integer(),
    page: Type.Integer(),
    quote: Type.String({ description: "Verbatim: the page text's slice [start, end)" }),
    start: Type.Integer(),
    end: Type.Integer(),
  },
  { title: 'CellCitation' },
);

export const ProgressSchema = Type.Object({ done: Type.Integer(), failed: Type.Integer(), total: Type.Integer() }, { title: 'ProjectProgress' });

export const CellSchema = Type.Object(
  {
    row_id: Type.Integer(),
    column_id: Type.Integer(),
    status: Type.Union([Type.Literal('pending'), Type.Literal('running'), Type.Literal('done'), Type.Literal('failed')]),
    value: Type.Unknown({ description: "Typed by the column's response structure; null when the file has no answer" }),
    display: Nullable(Type.String()),
    citations: Type.Array(CitationSchema),
    error: Nullable(Type.String()),
  },
  { title: 'ProjectCell' },
);
export type CellOut = Static<typeof CellSchema>;

export const CellsResponseSchema = Type.Object({ progress: ProgressSchema, cells: Type.Array(CellSchema) }, { title: 'ProjectCells' });
export type CellsResponse = Static<typeof CellsResponseSchema>;

export const RunAcceptedSchema = Type.Object({ queued: Type.Integer({ description: 'Cells queued by this request' }), progress: ProgressSchema }, { title: 'ProjectRunAccepted' });

export const ExportQuery = Type.Object({ format: Type.Union([Type.Literal('csv'), Type.Literal('xlsx')], { default: 'csv' }) });
export type ExportQuery = Static<typeof ExportQuery>;

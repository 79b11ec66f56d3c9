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

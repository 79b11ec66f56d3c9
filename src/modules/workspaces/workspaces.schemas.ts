import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from '../../http/schema-helpers.js';

export const WorkspaceDealSchema = Type.Object(
  {
    buy_side_party: Type.Optional(Nullable(Type.String())),
    sell_side_party: Type.Optional(Nullable(Type.String())),
    target_name: Type.Optional(Nullable(Type.String())),
    project_name: Type.Optional(Nullable(Type.String())),
    matter_id: Type.Optional(Nullable(Type.Integer())),
  },
  { title: 'WorkspaceDeal', additionalProperties: false, description: 'The deal-type matter a data room belongs to.' },
);
export type WorkspaceDeal = Static<typeof WorkspaceDealSchema>;

export const WorkspaceSchema = Type.Object(
  {
    workspace_id: Type.Integer(),
    owner_id: Type.String({ format: 'uuid' }),
    org_id: Type.String({ format: 'uuid' }),
    // An enum rather than a union of literals: the response serializer validates each value to pick a union branch.
    workspace_type: Type.Optional(Type.Unsafe<'vdr' | 'standard'>({ type: 'string', enum: ['vdr', 'standard'], default: 'standard' })),
    name: Type.String(),
    description: Nullable(Type.String()),
    summary: Type.Optional(Nullable(Type.String())),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
    is_public: Type.Boolean(),
    valid_until: Type.Optional(Nullable(Type.String({ format: 'date-time' }))),
    index_frozen: Type.Optional(Type.Boolean({ default: false })),
    is_external: Type.Optional(Type.Boolean({ default: false })),
    deal: Type.Optional(Nullable(WorkspaceDealSchema)),
  },
  { title: 'Workspace' },
);
export type Workspace = Static<typeof WorkspaceSchema>;

export const WorkspaceIdParams = Type.Object({ workspace_id: Type.Integer() });
export type WorkspaceIdParams = Static<typeof WorkspaceIdParams>;

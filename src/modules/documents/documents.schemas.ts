import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from '../../http/schema-helpers.js';

export const DocumentTreeNodeSchema = Type.Object(
  {
    id: Type.Integer({ description: 'directory id for directories, file id for files' }),
    name: Type.String(),
    type: Type.Union([Type.Literal('directory'), Type.Literal('file')]),
    parent_directory_id: Type.Optional(Nullable(Type.Integer())),
    file_id: Type.Optional(Nullable(Type.Integer())),
  },
  { title: 'DocumentTreeNode' },
);

export const DocumentTreeResponseSchema = Type.Object(
  {
    workspace_id: Type.Integer(),
    workspace_name: Type.String(),
    nodes: Type.Array(DocumentTreeNodeSchema),
  },
  { title: 'DocumentTreeResponse' },
);

export type DocumentTreeNode = Static<typeof DocumentTreeNodeSchema>;
export type DocumentTreeResponse = Static<typeof DocumentTreeResponseSchema>;

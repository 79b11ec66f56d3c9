import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from '../../http/schema-helpers.js';

export const DocumentTreeNodeSchema = Type.Object(
  {
    id: Type.Integer({ description: 'directory id for directories, file id for files' }),
    name: Type.String(),
    // An enum, not a union of literals: the response serializer would validate every node to pick a branch.
    type: Type.Unsafe<'directory' | 'file'>({ type: 'string', enum: ['directory', 'file'] }),
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
    next_cursor: Type.Optional(
      Nullable(Type.String({ description: 'Extension, only when `limit` or `cursor` was given: the cursor of the next page, null on the last page' })),
    ),
  },
  { title: 'DocumentTreeResponse' },
);

export type DocumentTreeNode = Static<typeof DocumentTreeNodeSchema>;
export type DocumentTreeResponse = Static<typeof DocumentTreeResponseSchema>;

export const DocumentTreeQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, description: 'Extension: at most this many nodes (directories first, then files, each in id order); the response then carries next_cursor' })),
  cursor: Type.Optional(Type.String({ description: 'Extension: next_cursor of the previous page' })),
});
export type DocumentTreeQuery = Static<typeof DocumentTreeQuery>;

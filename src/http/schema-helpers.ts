import { Type, type Static, type TSchema } from '@sinclair/typebox';

/**
 * `T | null`. Scalars are written `type: [T, 'null']` rather than anyOf: the response serializer
 * handles a type list directly but must run a validator per value to pick an anyOf branch.
 */
export function Nullable<T extends TSchema>(schema: T) {
  const type = (schema as { type?: unknown }).type;
  if (typeof type === 'string' && type !== 'object' && type !== 'array') {
    return Type.Unsafe<Static<T> | null>({ ...schema, type: [type, 'null'] });
  }
  return Type.Union([schema, Type.Null()]);
}

export const ErrorSchema = Type.Object(
  { detail: Type.String() },
  { title: 'Error', description: 'Every error except validation: a string detail.' },
);
export type ErrorBody = Static<typeof ErrorSchema>;

export const ValidationErrorSchema = Type.Object(
  {
    detail: Type.Array(
      Type.Object({
        loc: Type.Array(Type.Union([Type.String(), Type.Integer()])),
        msg: Type.String(),
        type: Type.String(),
        input: Type.Optional(Type.Unknown()),
        ctx: Type.Optional(Type.Object({}, { additionalProperties: true })),
      }),
    ),
  },
  { title: 'HTTPValidationError', description: 'pydantic-style validation errors' },
);

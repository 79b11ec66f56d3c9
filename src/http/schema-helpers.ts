import { Type, type Static, type TSchema } from '@sinclair/typebox';

/** `T | null`, written so that OpenAPI shows the null and the validator accepts it. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

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

import { Type, type Static } from '@sinclair/typebox';

export const SignInRequestSchema = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: 320 }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { title: 'SignInRequest' },
);
export type SignInRequest = Static<typeof SignInRequestSchema>;

export const SessionUserSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    email: Type.String(),
    name: Type.String(),
    org_id: Type.String({ format: 'uuid' }),
    is_org_admin: Type.Boolean(),
  },
  { title: 'SessionUser' },
);

export const SessionSchema = Type.Object(
  {
    user: SessionUserSchema,
    expires_at: Type.String({ format: 'date-time' }),
  },
  { title: 'Session', description: 'The signed-in user. The CSRF token is in the readable `folio_csrf` cookie.' },
);

import type { Generated, Selectable } from 'kysely';

export interface SessionsTables {
  sessions: SessionTable;
  sign_in_failures: SignInFailureTable;
}

export interface SessionTable {
  /** SHA-256 of the session token; the token itself lives only in the browser's cookie. */
  token_hash: string;
  org_id: string;
  user_id: string;
  /** SHA-256 of the session's CSRF token. */
  csrf_hash: string;
  created_at: string;
  expires_at: string;
}

export interface SignInFailureTable {
  id: Generated<number>;
  /** `account:<email>` or `address:<ip>`. */
  subject: string;
  failed_at: string;
}

export type SessionRow = Selectable<SessionTable>;

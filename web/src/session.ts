import { app, errorText, type Schemas } from './api/client';

export type SessionUser = Schemas['SessionUser'];

let current: SessionUser | null = null;

export const currentUser = () => current;

/** The signed-in user, or null (the server answers 401 without a live session). */
export async function loadSession(): Promise<SessionUser | null> {
  const result = await app.GET('/app/api/session');
  current = result.data?.user ?? null;
  return current;
}

export async function signIn(email: string, password: string): Promise<SessionUser> {
  // Not through unwrap: a 401 here is a wrong password, not a session that ended.
  const result = await app.POST('/app/api/session', { body: { email, password } });
  if (!result.data) throw new Error(errorText(result.error, result.response));
  current = result.data.user;
  return current;
}

export async function signOut(): Promise<void> {
  await app.DELETE('/app/api/session');
  current = null;
}

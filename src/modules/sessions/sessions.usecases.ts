import type { UserRow } from '../../db/schema.js';
import type { CoreDeps } from '../../shared/deps.js';
import { invalidInput, notFound } from '../admin.errors.js';
import { decoyHash, hashPassword, passwordProblem, verifyPassword } from './passwords.js';
import type { SessionsRepository } from './sessions.repository.js';
import type { SessionRow } from './sessions.tables.js';
import {
  ATTEMPT_WINDOW_MS,
  MAX_FAILURES_PER_ACCOUNT,
  MAX_FAILURES_PER_ADDRESS,
  SESSION_TTL_MS,
  accountSubject,
  addressSubject,
  hashToken,
  newToken,
} from './sessions.models.js';
import { invalidCredentials, notSignedIn, tooManyAttempts } from './sessions.errors.js';

export interface SessionDeps extends CoreDeps<'users'> {
  sessions: SessionsRepository;
  newToken?: () => string;
}

/** A fresh session: the two secrets go to the browser, only their hashes are stored. */
export interface IssuedSession {
  token: string;
  csrfToken: string;
  user: UserRow;
  expiresAt: string;
}

/**
 * Signs in with e-mail and password. Failures are counted per account and per address; past either
 * limit the answer is 429 until the oldest counted failure leaves the window, even for the right
 * password (so guessing cannot continue). A previous session named by the browser is ended, and the
 * new one always has a new token (no session fixation).
 */
export async function signIn(deps: SessionDeps, input: { email: string; password: string; ip: string; previousToken?: string }): Promise<IssuedSession> {
  const now = deps.clock.now();
  const since = new Date(now.getTime() - ATTEMPT_WINDOW_MS).toISOString();
  const email = input.email.trim().toLowerCase();
  const subjects = [accountSubject(email), addressSubject(input.ip)];
  await assertNotLocked(deps, subjects[0]!, MAX_FAILURES_PER_ACCOUNT, since, now);
  await assertNotLocked(deps, subjects[1]!, MAX_FAILURES_PER_ADDRESS, since, now);

  const user = await findUserByPassword(deps, email, input.password);
  if (!user) {
    await deps.sessions.recordFailure(subjects, now.toISOString());
    throw invalidCredentials();
  }
  await deps.sessions.clearFailures(subjects[0]!);
  if (input.previousToken) await deps.sessions.delete(hashToken(input.previousToken));
  await deps.sessions.deleteExpired(now.toISOString());
  return startSession(deps, user);
}

async function assertNotLocked(deps: SessionDeps, subject: string, max: number, since: string, now: Date): Promise<void> {
  const failures = await deps.sessions.failuresSince(subject, since);
  if (failures.length < max) return;
  const oldest = Date.parse(failures[failures.length - max]!);
  const retryAfter = Math.max(1, Math.ceil((oldest + ATTEMPT_WINDOW_MS - now.getTime()) / 1000));
  throw tooManyAttempts(retryAfter);
}

async function findUserByPassword(deps: SessionDeps, email: string, password: string): Promise<UserRow | undefined> {
  const candidates = (await deps.sessions.usersByEmail(email)).filter((u) => u.password_hash);
  // Hash once even when there is no such account, so the answer takes as long either way.
  if (candidates.length === 0) await verifyPassword(password, await decoyHash);
  for (const user of candidates) {
    if (await verifyPassword(password, user.password_hash!)) return user;
  }
  return undefined;
}

async function startSession(deps: SessionDeps, user: UserRow): Promise<IssuedSession> {
  const token = (deps.newToken ?? newToken)();
  const csrfToken = newToken();
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS).toISOString();
  await deps.sessions.insert({
    token_hash: hashToken(token),
    org_id: user.org_id,
    user_id: user.id,
    csrf_hash: hashToken(csrfToken),
    created_at: now.toISOString(),
    expires_at: expiresAt,
  });
  return { token, csrfToken, user, expiresAt };
}

/** The live session a cookie names, with its user, or 401. An expired session is deleted. */
export async function resolveSession(deps: SessionDeps, token: string | undefined): Promise<{ session: SessionRow; user: UserRow }> {
  if (!token) throw notSignedIn();
  const session = await deps.sessions.findByTokenHash(hashToken(token));
  if (!session) throw notSignedIn();
  if (Date.parse(session.expires_at) <= deps.clock.now().getTime()) {
    await deps.sessions.delete(session.token_hash);
    throw notSignedIn();
  }
  const user = await deps.store.users.getById(session.org_id, session.user_id);
  if (!user) throw notSignedIn();
  return { session, user };
}

export async function signOut(deps: SessionDeps, token: string): Promise<void> {
  await deps.sessions.delete(hashToken(token));
}

/** Sets a user's password (operators, through the CLI) and ends the user's sessions. */
export async function setPassword(deps: SessionDeps, orgId: string, userId: string, password: string): Promise<void> {
  const problem = passwordProblem(password);
  if (problem) throw invalidInput(problem);
  if (!(await deps.store.users.getById(orgId, userId))) throw notFound('user in this organization', userId);
  await deps.sessions.setPasswordHash(orgId, userId, await hashPassword(password));
  await deps.sessions.deleteForUser(orgId, userId);
}

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const SESSION_COOKIE = 'folio_session';
/** Readable by the app's script, which echoes it in the X-CSRF-Token header (double submit). */
export const CSRF_COOKIE = 'folio_csrf';
export const CSRF_HEADER = 'x-csrf-token';

/** A session lasts this long from sign-in, however active. */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
/** Failed sign-ins counted over this window... */
export const ATTEMPT_WINDOW_MS = 15 * 60 * 1000;
/** ...lock the account after this many, */
export const MAX_FAILURES_PER_ACCOUNT = 5;
/** ...and refuse the address after this many (on any accounts). */
export const MAX_FAILURES_PER_ADDRESS = 20;

/** A random token for a cookie: 256 bits, base64url. */
export function newToken(random: (size: number) => Buffer = randomBytes): string {
  return random(32).toString('base64url');
}

/** Only this hash of a session or CSRF token is stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function tokenMatches(token: string, storedHash: string): boolean {
  const actual = Buffer.from(hashToken(token), 'hex');
  const expected = Buffer.from(storedHash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export const accountSubject = (email: string) => `account:${email.trim().toLowerCase()}`;
export const addressSubject = (ip: string) => `address:${ip}`;

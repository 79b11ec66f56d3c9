import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const KEY_PREFIX = 'folio_live_';
const SECRET_LENGTH = 40;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const KEY_PATTERN = /^folio_live_[0-9A-Za-z]{40}$/;

export const scopes = ['workspaces:read', 'documents:read', 'documents:write', 'query:run', 'statutes:read', 'projects:write'] as const;
export type Scope = (typeof scopes)[number];

export function isScope(value: string): value is Scope {
  return (scopes as readonly string[]).includes(value);
}

/**
 * A new key: the fixed prefix and 40 base62 characters from the CSPRNG. Bytes at or above 248
 * are rejected so that every character is equally likely (248 = 4 * 62).
 */
export function generateApiKey(random: (size: number) => Buffer = randomBytes): string {
  let secret = '';
  while (secret.length < SECRET_LENGTH) {
    for (const byte of random(64)) {
      if (byte < 248 && secret.length < SECRET_LENGTH) secret += BASE62[byte % 62];
    }
  }
  return KEY_PREFIX + secret;
}

export function isWellFormedKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** Only this hash of the whole key is stored. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** The first 16 characters, kept for display ("folio_live_AbC12"). */
export function displayPrefix(key: string): string {
  return key.slice(0, 16);
}

/** Compares two hex digests in constant time. */
export function hashesEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** `Bearer <key>` → the key; anything else → null. The scheme is case-insensitive (RFC 7235). */
export function parseBearer(header: string | undefined): string | null {
  if (header === undefined) return null;
  const match = /^Bearer +(\S+) *$/i.exec(header);
  return match ? (match[1] ?? null) : null;
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Scope } from '../modules/api-keys/api-keys.models.js';
import { missingScope, rateLimited } from '../modules/auth/auth.errors.js';
import type { Principal } from '../modules/auth/principal.js';
import { sessionScopes } from '../modules/sessions/session-rights.js';
import { csrfRejected, crossOrigin } from '../modules/sessions/sessions.errors.js';
import { CSRF_HEADER, SESSION_COOKIE, tokenMatches } from '../modules/sessions/sessions.models.js';
import type { SessionRow } from '../modules/sessions/sessions.tables.js';
import { resolveSession, type SessionDeps } from '../modules/sessions/sessions.usecases.js';
import type { CoreDeps } from '../shared/deps.js';
import type { UserRow } from '../db/schema.js';
import { secondsUntil, type RateLimitStore } from './rate-limit.js';

/** Sessions, and the workspace roles a session's rights follow. */
type GuardDeps = SessionDeps & CoreDeps<'users' | 'workspaces'>;

/** Requests per signed-in user per window: a page makes several calls, and the tree polls while files process. */
export interface SessionLimits {
  store: RateLimitStore;
  perWindow: number;
  windowMs: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An app route: `public` (sign-in) or `session` (a signed-in user). Never authenticated by a key. */
    appAuth?: 'public' | 'session';
    /** The scope of a /v1 operation mirrored under /app/api, granted by the user's workspace role. */
    sessionScope?: Scope;
  }
  interface FastifyRequest {
    appSession?: { session: SessionRow; user: UserRow };
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The signed-in user of an app route; the hook guarantees it is set on `session` routes. */
export function sessionOf(request: FastifyRequest): { session: SessionRow; user: UserRow } {
  if (!request.appSession) throw new Error('route is not a session route');
  return request.appSession;
}

/**
 * The app's checks, in order: same origin for every state-changing request (403), a live session
 * (401), the session's CSRF token echoed in X-CSRF-Token (403), the user's rate limit (429), then, for a mirrored /v1
 * operation, the scope that the user's current role in the named workspace grants (403).
 */
export function sessionGuard(deps: GuardDeps, limits: SessionLimits) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const config = request.routeOptions.config ?? {};
    const scope = config.sessionScope;
    if (config.appAuth === undefined && scope === undefined) return;
    const unsafe = !SAFE_METHODS.has(request.method);
    if (unsafe) assertSameOrigin(request);
    if (config.appAuth === 'public') return;

    const resolved = await resolveSession(deps, request.cookies[SESSION_COOKIE]);
    if (unsafe) {
      const token = request.headers[CSRF_HEADER];
      if (typeof token !== 'string' || !tokenMatches(token, resolved.session.csrf_hash)) throw csrfRejected();
    }
    request.appSession = resolved;
    await countRequest(limits, resolved.user.id, deps.clock.now().getTime(), reply);
    if (scope !== undefined) request.principal = await principalFor(deps, request, resolved.user, scope);
  };
}

async function countRequest(limits: SessionLimits, userId: string, nowMs: number, reply: FastifyReply): Promise<void> {
  const window = await limits.store.hit(`user:${userId}`, limits.windowMs, nowMs, limits.perWindow);
  const reset = secondsUntil(window.resetAtMs, nowMs);
  void reply.headers({
    'RateLimit-Limit': String(limits.perWindow),
    'RateLimit-Remaining': String(Math.max(0, limits.perWindow - window.count)),
    'RateLimit-Reset': String(reset),
  });
  if (window.count > limits.perWindow) throw rateLimited(reset);
}

/** Browsers send Origin on every cross-site and every non-GET fetch; it must be this server's. */
function assertSameOrigin(request: FastifyRequest): void {
  const origin = request.headers.origin;
  const own = `${request.protocol}://${request.host}`;
  if (origin === own) return;
  if (origin === undefined && request.headers['sec-fetch-site'] === 'same-origin') return;
  throw crossOrigin();
}

async function principalFor(deps: GuardDeps, request: FastifyRequest, user: UserRow, scope: Scope): Promise<Principal> {
  const raw = (request.params as Record<string, string | undefined>).workspace_id;
  const workspaceId = raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : null;
  const role = workspaceId === null ? undefined : await deps.store.workspaces.getRole(user.org_id, workspaceId, user.id);
  const scopes = sessionScopes(role, workspaceId !== null);
  if (!scopes.has(scope)) throw missingScope(scope);
  // Idempotency records belong to API keys (their table references api_keys); the app never sends one.
  delete request.headers['x-idempotency-key'];
  return { keyId: `session:${user.id}`, orgId: user.org_id, createdBy: user.id, workspaceId: null, scopes, rateLimit: null };
}

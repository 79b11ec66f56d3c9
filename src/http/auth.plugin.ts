import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/config.js';
import type { CoreDeps } from '../shared/deps.js';
import { AppError } from '../shared/errors.js';
import { missingScope, rateLimited } from '../modules/auth/auth.errors.js';
import { authenticate } from '../modules/auth/authenticate.js';
import type { Principal } from '../modules/auth/principal.js';
import type { Scope } from '../modules/api-keys/api-keys.models.js';
import { secondsUntil, type RateLimitStore } from './rate-limit.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The scope a route needs; a route without one is public (health, OpenAPI). */
    scope?: Scope;
    /** Which interface's error style the route answers in. */
    api?: 'workspace' | 'statute';
  }
  interface FastifyRequest {
    principal?: Principal;
  }
}

/** The principal of a scoped route; the hook below guarantees it is set. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error('route has no scope: no principal was authenticated');
  return request.principal;
}

/**
 * Runs the contract's checks in its order before the body is even read: authentication (401),
 * key state (403), rate limit (429), scope (403). Validation (422) follows in Fastify's own
 * lifecycle, and workspace access (403) in the handler.
 */
export function registerAuth(app: FastifyInstance, deps: CoreDeps, config: Config, limits: RateLimitStore): void {
  const windowMs = config.rateLimitWindowSeconds * 1000;

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const scope = request.routeOptions.config?.scope;
    if (scope === undefined) return;

    let principal: Principal;
    try {
      principal = await authenticate(deps, request.headers.authorization);
    } catch (error) {
      // Guessing keys at speed is limited per address: past the limit, failures answer 429.
      if (error instanceof AppError && error.status === 401) {
        const nowMs = deps.clock.now().getTime();
        const window = await limits.hit(`addr:${request.ip}`, windowMs, nowMs, config.anonymousRateLimit);
        if (window.count > config.anonymousRateLimit) throw rateLimited(secondsUntil(window.resetAtMs, nowMs));
      }
      throw error;
    }

    const limit = principal.rateLimit ?? config.rateLimitDefault;
    const nowMs = deps.clock.now().getTime();
    const window = await limits.hit(`key:${principal.keyId}`, windowMs, nowMs, limit);
    const reset = secondsUntil(window.resetAtMs, nowMs);
    void reply.headers({
      'RateLimit-Limit': String(limit),
      'RateLimit-Remaining': String(Math.max(0, limit - window.count)),
      'RateLimit-Reset': String(reset),
    });
    if (window.count > limit) throw rateLimited(reset);

    if (!principal.scopes.has(scope)) throw missingScope(scope);
    request.principal = principal;
  });
}

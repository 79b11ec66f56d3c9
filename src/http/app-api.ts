import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Config } from '../config/config.js';
import { createSessionsRepository } from '../modules/sessions/sessions.repository.js';
import { sessionsRoutes } from '../modules/sessions/sessions.routes.js';
import { createWorkspaceAdminRepository } from '../modules/workspace-admin/workspace-admin.repository.js';
import { workspaceAdminRoutes } from '../modules/workspace-admin/workspace-admin.routes.js';
import type { CoreDeps } from '../shared/deps.js';
import { createMemoryRateLimitStore } from './rate-limit.js';
import { sessionGuard } from './session-guard.js';

/** A person's browser makes several calls per page; their limit is this many times a key's default. */
const SESSION_LIMIT_FACTOR = 10;

export const APP_API_PREFIX = '/app/api';

const HOOKS = ['onRequest', 'preParsing', 'preValidation', 'preHandler', 'preSerialization', 'onSend', 'onResponse', 'onError', 'onTimeout'] as const;

/**
 * Records every /v1 operation as it is registered (call before registering them), so the app's
 * API can offer the same operations to a signed-in user. Routes added later by any module are
 * picked up without listing them here.
 */
export function collectV1Routes(app: FastifyInstance): RouteOptions[] {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/v1/') && route.method !== 'HEAD' && route.config?.scope !== undefined) routes.push(route);
  });
  return routes;
}

/**
 * The app's API under /app/api: sign-in and workspace settings, and each /v1 operation again,
 * authenticated by the session cookie instead of a key. A session never reaches /v1 itself (the
 * key hook ignores cookies), and a key never reaches these routes (this guard ignores
 * Authorization). The copies are left out of the OpenAPI document: the app calls them through
 * the same generated client as /v1, with base URL /app/api.
 */
export function appApiRoutes(core: CoreDeps, config: Config, v1Routes: RouteOptions[]) {
  const deps = { ...core, sessions: createSessionsRepository({ db: core.store.db }), admin: createWorkspaceAdminRepository({ db: core.store.db }) };
  return async (app: FastifyInstance) => {
    await app.register(cookie);
    await app.register(multipart, { limits: { fileSize: config.maxUploadBytes } });
    const limits = { store: createMemoryRateLimitStore(), perWindow: config.rateLimitDefault * SESSION_LIMIT_FACTOR, windowMs: config.rateLimitWindowSeconds * 1000 };
    app.addHook('onRequest', sessionGuard(deps, limits));
    await app.register(sessionsRoutes(deps));
    await app.register(workspaceAdminRoutes(deps));
    for (const route of v1Routes) app.route(mirror(route));
  };
}

function mirror(route: RouteOptions): RouteOptions {
  const { scope, ...config } = route.config ?? {};
  const copy: RouteOptions = {
    method: route.method,
    url: route.url,
    handler: route.handler,
    schema: { ...route.schema, hide: true },
    config: { ...config, sessionScope: scope },
  };
  if (route.bodyLimit !== undefined) copy.bodyLimit = route.bodyLimit;
  for (const hook of HOOKS) {
    if (route[hook] !== undefined) (copy as unknown as Record<string, unknown>)[hook] = route[hook];
  }
  return copy;
}

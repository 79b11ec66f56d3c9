import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { appRouteSchema } from '../../http/app-route-schema.js';
import { sessionOf } from '../../http/session-guard.js';
import { presentSession } from './sessions.presenter.js';
import { CSRF_COOKIE, SESSION_COOKIE } from './sessions.models.js';
import { SessionSchema, SignInRequestSchema, type SignInRequest } from './sessions.schemas.js';
import { signIn, signOut, type SessionDeps } from './sessions.usecases.js';

/** Sign-in, the current session and sign-out, under /app/api (the app's own surface, never /v1). */
export function sessionsRoutes(deps: SessionDeps) {
  return async (app: FastifyInstance) => {
    app.post<{ Body: SignInRequest }>(
      '/session',
      {
        config: { appAuth: 'public', api: 'workspace' },
        schema: appRouteSchema({ summary: 'Sign in with e-mail and password; sets the session and CSRF cookies', operationId: 'signIn', body: SignInRequestSchema, success: { 200: SessionSchema }, public: true, errors: [401, 403, 429] }),
      },
      async (request, reply) => {
        const issued = await signIn(deps, { email: request.body.email, password: request.body.password, ip: request.ip, previousToken: request.cookies[SESSION_COOKIE] });
        setSessionCookies(request, reply, issued.token, issued.csrfToken, issued.expiresAt);
        return presentSession(issued.user, issued.expiresAt);
      },
    );

    app.get(
      '/session',
      {
        config: { appAuth: 'session', api: 'workspace' },
        schema: appRouteSchema({ summary: 'The signed-in user', operationId: 'getSession', success: { 200: SessionSchema }, errors: [401] }),
      },
      async (request) => {
        const { session, user } = sessionOf(request);
        return presentSession(user, session.expires_at);
      },
    );

    app.delete(
      '/session',
      {
        config: { appAuth: 'session', api: 'workspace' },
        schema: appRouteSchema({ summary: 'Sign out: ends the session and clears its cookies', operationId: 'signOut', success: { 204: null }, errors: [401, 403] }),
      },
      async (request, reply) => {
        await signOut(deps, request.cookies[SESSION_COOKIE] ?? '');
        void reply.clearCookie(SESSION_COOKIE, { path: '/' }).clearCookie(CSRF_COOKIE, { path: '/' });
        return reply.code(204).send();
      },
    );
  };
}

function setSessionCookies(request: FastifyRequest, reply: FastifyReply, token: string, csrfToken: string, expiresAt: string): void {
  const common = { path: '/', sameSite: 'strict' as const, secure: request.protocol === 'https', expires: new Date(expiresAt) };
  void reply.setCookie(SESSION_COOKIE, token, { ...common, httpOnly: true });
  // The app's script reads this one and echoes it in X-CSRF-Token; another site can neither read it nor send it.
  void reply.setCookie(CSRF_COOKIE, csrfToken, { ...common, httpOnly: false });
}

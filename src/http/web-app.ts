import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Where `npm run build:web` writes the app (web/dist), found from this file in src/ or dist/. */
export const WEB_DIST = fileURLToPath(new URL('../../web/dist/', import.meta.url));

/**
 * The app's pages under /app, with a strict Content-Security-Policy: scripts, styles, images and
 * connections only from this origin, no inline script, no eval, no frames. `/` redirects to /app/.
 */
export function webAppRoutes(root = WEB_DIST) {
  return async (app: FastifyInstance) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'"],
          imgSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          fontSrc: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
        },
      },
      // Same-origin only; the app loads nothing from elsewhere.
      crossOriginEmbedderPolicy: false,
    });
    app.get('/', { schema: { hide: true } }, (_request, reply) => reply.redirect('/app/'));
    app.get('/app', { schema: { hide: true } }, (_request, reply) => reply.redirect('/app/'));
    if (existsSync(root)) {
      await app.register(fastifyStatic, { root, prefix: '/app/', index: ['index.html'], schemaHide: true, maxAge: 0 });
    } else {
      app.get('/app/*', { schema: { hide: true } }, (_request, reply) =>
        reply.code(503).type('text/plain').send('The app is not built: run `npm run build:web` (npm install runs it).'),
      );
    }
  };
}

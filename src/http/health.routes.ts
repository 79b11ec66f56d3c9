import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { CoreDeps } from '../shared/deps.js';

const HealthSchema = Type.Object({ status: Type.String() }, { title: 'Health' });

export function healthRoutes(deps: CoreDeps) {
  return async (app: FastifyInstance) => {
    app.get(
      '/healthz',
      { schema: { summary: 'Liveness and store reachability', tags: ['meta'], response: { 200: HealthSchema, 503: HealthSchema } } },
      async (_request, reply) => {
        if (await deps.store.ping()) return { status: 'ok' };
        return reply.code(503).header('Retry-After', '5').send({ status: 'unavailable' });
      },
    );
  };
}

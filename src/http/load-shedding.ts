import type { FastifyInstance, FastifyRequest } from 'fastify';
import { temporarilyUnavailable } from '../modules/auth/auth.errors.js';

/**
 * Sheds load with 503 + Retry-After once too many requests are in flight, instead of letting
 * them queue in memory without bound. The health check is exempt so probes keep working.
 */
export function registerLoadShedding(app: FastifyInstance, maxInflight: number): void {
  let inflight = 0;
  const counted = new WeakSet<FastifyRequest>();
  const release = async (request: FastifyRequest) => {
    if (counted.delete(request)) inflight -= 1;
  };
  app.addHook('onRequest', async (request) => {
    if (request.url === '/healthz') return;
    if (inflight >= maxInflight) throw temporarilyUnavailable(1);
    inflight += 1;
    counted.add(request);
  });
  app.addHook('onResponse', release);
  app.addHook('onRequestAbort', release);
}

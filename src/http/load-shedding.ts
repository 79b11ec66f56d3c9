import type { FastifyInstance, FastifyRequest } from 'fastify';
import { temporarilyUnavailable } from '../modules/auth/auth.errors.js';
import { createLagTracker, shedDecision, type RequestKind } from './shed-policy.js';

export interface LoadSheddingOptions {
  /** Event-loop lag past which POSTs (queries, asks, uploads) are shed; reads and probes still answer. */
  maxLagMs?: number;
  /** Requests in flight from which lag counts as the server's own backlog (default 32). */
  minInflightForLag?: number;
  /** Milliseconds clock, injectable for tests. */
  now?: () => number;
}

const TICK_MS = 10;
const LAG_WINDOW_MS = 250;

const kindOf = (request: FastifyRequest): RequestKind =>
  request.url === '/healthz' ? 'health' : request.method === 'GET' || request.method === 'HEAD' ? 'read' : 'work';

/**
 * Sheds load with 503 + Retry-After instead of letting it queue without bound: every request but
 * the health check once too many are in flight, and new work (POST) while the event loop runs
 * late, which is what made probes and reads wait seconds under 200 connections of mixed traffic.
 */
export function registerLoadShedding(app: FastifyInstance, maxInflight: number, options: LoadSheddingOptions = {}): void {
  const limits = { maxInflight, maxLagMs: options.maxLagMs ?? Infinity, minInflightForLag: options.minInflightForLag ?? 32 };
  const lag = createLagTracker(options.now ?? (() => performance.now()), TICK_MS, LAG_WINDOW_MS);
  let timer: NodeJS.Timeout | undefined;
  if (Number.isFinite(limits.maxLagMs)) {
    timer = setInterval(() => lag.tick(), TICK_MS);
    timer.unref();
  }
  app.addHook('onClose', async () => clearInterval(timer));

  let inflight = 0;
  const counted = new WeakSet<FastifyRequest>();
  const release = async (request: FastifyRequest) => {
    if (counted.delete(request)) inflight -= 1;
  };
  app.addHook('onRequest', async (request) => {
    const kind = kindOf(request);
    if (kind === 'health') return;
    const retryAfter = shedDecision(kind, { inflight, lagMs: timer ? lag.lagMs() : 0 }, limits);
    if (retryAfter !== null) throw temporarilyUnavailable(retryAfter);
    inflight += 1;
    counted.add(request);
  });
  app.addHook('onResponse', release);
  app.addHook('onRequestAbort', release);
}

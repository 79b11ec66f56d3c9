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
  const now = options.now ?? (() => performance.now());
  const lagOn = Number.isFinite(limits.maxLagMs);
  // The lag timer runs only while a backlog could form (lag counts from minInflightForLag requests
  // in flight): an idle or lightly used server pays no 100 Hz wake-ups.
  let lag: ReturnType<typeof createLagTracker> | null = null;
  let timer: NodeJS.Timeout | undefined;
  const startLag = () => {
    const tracker = createLagTracker(now, TICK_MS, LAG_WINDOW_MS);
    lag = tracker;
    timer = setInterval(() => tracker.tick(), TICK_MS);
    timer.unref();
  };
  const stopLag = () => {
    clearInterval(timer);
    timer = undefined;
    lag = null;
  };
  app.addHook('onClose', async () => stopLag());

  let inflight = 0;
  const counted = new WeakSet<FastifyRequest>();
  const release = async (request: FastifyRequest) => {
    if (!counted.delete(request)) return;
    inflight -= 1;
    if (lag && inflight < limits.minInflightForLag / 2) stopLag();
  };
  app.addHook('onRequest', async (request) => {
    const kind = kindOf(request);
    if (kind === 'health') return;
    const retryAfter = shedDecision(kind, { inflight, lagMs: lag ? lag.lagMs() : 0 }, limits);
    if (retryAfter !== null) throw temporarilyUnavailable(retryAfter);
    inflight += 1;
    counted.add(request);
    if (lagOn && !lag && inflight >= limits.minInflightForLag) startLag();
  });
  app.addHook('onResponse', release);
  app.addHook('onRequestAbort', release);
}

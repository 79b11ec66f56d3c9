import type { FastifyInstance, FastifyRequest } from 'fastify';
import { temporarilyUnavailable } from '../modules/auth/auth.errors.js';
import { createAdmissionGate, type GateTicket } from './admission-gate.js';
import { createLagTracker, shedDecision, type RequestKind } from './shed-policy.js';

export interface LoadSheddingOptions {
  /** Event-loop lag past which POSTs (queries, asks, uploads) are shed; reads and probes still answer. */
  maxLagMs?: number;
  /** Requests in flight from which lag counts as the server's own backlog (default 32). */
  minInflightForLag?: number;
  /** Reads (GET, HEAD) handled on the event loop at once; the rest wait their turn (default: no gate). */
  readConcurrency?: number;
  /** Milliseconds a read may wait for its turn before it is refused with 503 (default 1000). */
  maxReadWaitMs?: number;
  /** Milliseconds clock, injectable for tests. */
  now?: () => number;
}

const TICK_MS = 10;
/**
 * Milliseconds of a turn of the event loop that may go to starting reads: the longest a health
 * probe should wait behind them, well under the 50 ms a load balancer's probe is given.
 */
const READ_TURN_BUDGET_MS = 10;
const LAG_WINDOW_MS = 250;

/**
 * The read gate's lane: the credential the request carries (its API key, or the app's session
 * cookie), as sent; one lane for requests with neither. So one client's hundreds of waiting reads do
 * not stand in front of another's (admission-gate.ts). Not the org: the gate comes before
 * authentication, so that it bounds that work too (a key lookup and a rate-limit count per read).
 */
const laneOf = (request: FastifyRequest): string => request.headers.authorization ?? request.headers.cookie ?? '';

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

  // Reads take turns so that one turn of the event loop never runs hundreds of them and the
  // health probe, which skips the gate, waits at most one short turn (see admission-gate.ts).
  const readGate = options.readConcurrency
    ? createAdmissionGate({ concurrency: options.readConcurrency, turnBudgetMs: READ_TURN_BUDGET_MS, maxWaitMs: options.maxReadWaitMs ?? 1000, now, schedule: (run) => setImmediate(run) })
    : null;
  const tickets = new WeakMap<FastifyRequest, GateTicket>();

  let inflight = 0;
  const counted = new WeakSet<FastifyRequest>();
  const release = async (request: FastifyRequest) => {
    tickets.get(request)?.leave();
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
    if (kind === 'read' && readGate) {
      const ticket = readGate.enter(laneOf(request));
      tickets.set(request, ticket);
      if (!(await ticket.admitted)) throw temporarilyUnavailable(1);
    }
  });
  // A read's turn at the gate ends once its body is serialized: the gate bounds work on the event
  // loop, and what is left is the socket draining at the client's pace. Held until onResponse, a
  // large body to a client that reads slowly (a tree of thousands of files to a busy load
  // generator) kept its slot for as long as the client took, and the reads queued behind it
  // waited with the event loop idle.
  app.addHook('onSend', async (request, _reply, payload) => {
    tickets.get(request)?.leave();
    return payload;
  });
  app.addHook('onResponse', release);
  app.addHook('onRequestAbort', release);
}

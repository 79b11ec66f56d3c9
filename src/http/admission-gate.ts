/**
 * A FIFO gate that bounds the reads one turn of the event loop runs, and the reads in flight, and
 * makes the rest wait without using the CPU. Under a closed loop of clients (each connection
 * re-sends as soon as it is answered) an ungated server runs every waiting request in one turn of
 * the event loop, so a turn lasts connections × cost and a health probe waits a whole turn.
 * Counting requests in flight is not enough: a cached read finishes in the microtasks of its own
 * callback, so it has left before the next socket is read and the count never binds. So a turn
 * also starts reads only until `turnBudgetMs` have passed since its first one (later ones are
 * admitted from `schedule`, a macrotask, in a later turn), and a probe waits about that long. A
 * budget in time, not in reads, lets cheap reads through by the dozen and slow ones a few at a time.
 *
 * Waiting is bounded by time, not only by count: a request still queued after `maxWaitMs` is
 * refused (the caller answers 503 + Retry-After), since its client has usually given up on it.
 * Pure apart from the injected clock and scheduler.
 */
export interface AdmissionGateOptions {
  /** Requests in flight at most. */
  concurrency: number;
  /** Milliseconds of one turn of the event loop that may go to starting requests. */
  turnBudgetMs: number;
  maxWaitMs: number;
  now: () => number;
  /** Runs a callback in a later turn of the event loop (setImmediate in the server). */
  schedule: (run: () => void) => void;
}

export interface GateTicket {
  /** Resolves true once admitted, false when the wait ran past maxWaitMs (then the request is refused). */
  admitted: Promise<boolean>;
  /** Gives the slot back, or leaves the queue if not admitted yet. Idempotent. */
  leave(): void;
}

interface Waiter {
  since: number;
  state: 'queued' | 'running' | 'done';
  resolve: (admitted: boolean) => void;
}

export function createAdmissionGate(options: AdmissionGateOptions) {
  const queue: Waiter[] = [];
  let head = 0;
  let running = 0;
  let drainScheduled = false;
  /** When this turn's first request started, or null; `schedule` marks the next turn. */
  let turnStartedAt: number | null = null;
  const countStart = () => {
    if (turnStartedAt !== null) return;
    turnStartedAt = options.now();
    options.schedule(() => {
      turnStartedAt = null;
      if (head < queue.length) drain();
    });
  };
  const hasRoom = () => running < options.concurrency && (turnStartedAt === null || options.now() - turnStartedAt < options.turnBudgetMs);

  const drain = () => {
    drainScheduled = false;
    const at = options.now();
    while (hasRoom() && head < queue.length) {
      const waiter = queue[head++]!;
      if (waiter.state !== 'queued') continue;
      if (at - waiter.since > options.maxWaitMs) {
        waiter.state = 'done';
        waiter.resolve(false);
        continue;
      }
      waiter.state = 'running';
      running += 1;
      countStart();
      waiter.resolve(true);
    }
    // Compact the consumed prefix now and then instead of shifting on every admission.
    if (head > 1024 && head * 2 > queue.length) {
      queue.splice(0, head);
      head = 0;
    }
  };
  const scheduleDrain = () => {
    if (drainScheduled) return;
    drainScheduled = true;
    options.schedule(drain);
  };

  return {
    enter(): GateTicket {
      let resolve!: (admitted: boolean) => void;
      const admitted = new Promise<boolean>((r) => (resolve = r));
      const waiter: Waiter = { since: options.now(), state: 'queued', resolve };
      if (hasRoom() && head === queue.length) {
        waiter.state = 'running';
        running += 1;
        countStart();
        resolve(true);
      } else {
        queue.push(waiter);
        scheduleDrain();
      }
      return {
        admitted,
        leave() {
          if (waiter.state === 'running') {
            running -= 1;
            if (head < queue.length) scheduleDrain();
          } else if (waiter.state === 'queued') {
            // Its client left while it waited: settle the wait so nothing is left pending.
            waiter.resolve(false);
          }
          waiter.state = 'done';
        },
      };
    },
    /** Requests admitted and not yet left, and requests waiting (for tests and diagnostics). */
    stats: () => ({ running, queued: queue.slice(head).filter((w) => w.state === 'queued').length }),
  };
}

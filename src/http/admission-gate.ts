/**
 * A FIFO gate that lets at most `concurrency` requests start per turn of the event loop, and at
 * most that many run at once, and makes the rest wait without using the CPU. Under a closed loop
 * of clients (each connection re-sends as soon as it is answered) an ungated server runs every
 * waiting request in one turn of the event loop, so a turn lasts connections × cost and a health
 * probe waits a whole turn. Counting only requests in flight is not enough: a cached read finishes
 * in the microtasks of its own callback, so it leaves before the next socket is read and a
 * concurrency count never binds. Gated per turn, a turn runs at most `concurrency` handlers
 * (later ones are admitted from `schedule`, a macrotask, never in the microtask chain of the
 * request before), and a probe waits for that much.
 *
 * Waiting is bounded by time, not only by count: a request still queued after `maxWaitMs` is
 * refused (the caller answers 503 + Retry-After), since its client has usually given up on it.
 * Pure apart from the injected clock and scheduler.
 */
export interface AdmissionGateOptions {
  concurrency: number;
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
  /** Admissions since the turn began; `schedule` marks the next turn, where it starts from 0. */
  let startedThisTurn = 0;
  let turnEndScheduled = false;
  const countStart = () => {
    startedThisTurn += 1;
    if (turnEndScheduled) return;
    turnEndScheduled = true;
    options.schedule(() => {
      turnEndScheduled = false;
      startedThisTurn = 0;
      if (head < queue.length) drain();
    });
  };
  const hasRoom = () => running < options.concurrency && startedThisTurn < options.concurrency;

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

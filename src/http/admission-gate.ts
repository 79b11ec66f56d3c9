/**
 * A gate that bounds the reads one turn of the event loop runs, and the reads in flight, and
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
 *
 * Waiters queue in lanes (the server gives each client credential one), first come first served
 * within a lane, and freed slots go round the lanes in turn. With one queue, a client that keeps a
 * hundred reads waiting put every other client's read behind all hundred; with lanes it waits for
 * at most one read of each other lane that has a waiter. Pure apart from the injected clock and scheduler.
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

/** One lane's waiters in arrival order; `head` is the first not yet taken, `queued` how many still wait. */
interface Lane {
  name: string;
  waiters: Waiter[];
  head: number;
  queued: number;
}

export function createAdmissionGate(options: AdmissionGateOptions) {
  const lanes = new Map<string, Lane>();
  /** The lanes that have waiters (and only those), in the order they are served; `next` is the one whose turn comes next. */
  const ring: Lane[] = [];
  let next = 0;
  /** Waiters still queued, in every lane (a waiter whose client left counts no more). */
  let queued = 0;
  let running = 0;
  let drainScheduled = false;
  /** When this turn's first request started, or null; `schedule` marks the next turn. */
  let turnStartedAt: number | null = null;
  const countStart = () => {
    if (turnStartedAt !== null) return;
    turnStartedAt = options.now();
    options.schedule(() => {
      turnStartedAt = null;
      if (queued > 0) drain();
    });
  };
  const hasRoom = () => running < options.concurrency && (turnStartedAt === null || options.now() - turnStartedAt < options.turnBudgetMs);

  /** The lane's first waiter still queued (one is: the lane is in the ring). */
  const takeFrom = (lane: Lane): Waiter | null => {
    // Compact the consumed prefix now and then instead of shifting on every admission.
    if (lane.head > 1024 && lane.head * 2 > lane.waiters.length) {
      lane.waiters.splice(0, lane.head);
      lane.head = 0;
    }
    while (lane.head < lane.waiters.length) {
      const waiter = lane.waiters[lane.head++]!;
      if (waiter.state === 'queued') return waiter;
    }
    return null;
  };
  /** Takes a lane that has no waiter left out of the ring and the map. */
  const retire = (lane: Lane) => {
    const index = ring.indexOf(lane);
    if (index < 0) return;
    ring.splice(index, 1);
    lanes.delete(lane.name);
    if (next > index) next -= 1;
    if (next >= ring.length) next = 0;
  };
  /** One waiter of `lane` stops waiting (admitted, refused, or its client left). */
  const dequeued = (lane: Lane) => {
    queued -= 1;
    lane.queued -= 1;
    if (lane.queued === 0) retire(lane);
  };

  const drain = () => {
    drainScheduled = false;
    const at = options.now();
    while (hasRoom() && ring.length > 0) {
      const index = next < ring.length ? next : 0;
      const lane = ring[index]!;
      const waiter = takeFrom(lane);
      next = index + 1 < ring.length ? index + 1 : 0;
      if (!waiter) {
        retire(lane); // unreachable while the counts hold; never spin on an empty lane
        continue;
      }
      dequeued(lane);
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
  };
  const scheduleDrain = () => {
    if (drainScheduled) return;
    drainScheduled = true;
    options.schedule(drain);
  };

  return {
    /** Queues a request in `lane` (one lane for all when omitted); see GateTicket. */
    enter(laneName = ''): GateTicket {
      let resolve!: (admitted: boolean) => void;
      const admitted = new Promise<boolean>((r) => (resolve = r));
      const waiter: Waiter = { since: options.now(), state: 'queued', resolve };
      let lane: Lane | null = null;
      if (hasRoom() && queued === 0) {
        waiter.state = 'running';
        running += 1;
        countStart();
        resolve(true);
      } else {
        let found = lanes.get(laneName);
        if (!found) {
          found = { name: laneName, waiters: [], head: 0, queued: 0 };
          lanes.set(laneName, found);
          ring.push(found);
        }
        lane = found;
        lane.waiters.push(waiter);
        lane.queued += 1;
        queued += 1;
        scheduleDrain();
      }
      return {
        admitted,
        leave() {
          if (waiter.state === 'running') {
            running -= 1;
            if (queued > 0) scheduleDrain();
          } else if (waiter.state === 'queued') {
            // Its client left while it waited: settle the wait so nothing is left pending.
            if (lane) dequeued(lane);
            waiter.resolve(false);
          }
          waiter.state = 'done';
        },
      };
    },
    /** Requests admitted and not yet left, requests waiting, and lanes holding them (for tests and diagnostics). */
    stats: () => ({ running, queued, lanes: lanes.size }),
  };
}

import type { Store } from '../../../db/store.js';
import type { Clock } from '../../../shared/clock.js';
import { createWorkPool, type WorkPool } from '../../../shared/work-pool.js';
import type { CellEngine } from './cell-engine.js';
import type { CellEvidence } from './cell-evidence.js';
import type { CellKey } from './cells.repository.js';
import { computeCell } from './run-cell.js';

export interface RunnerDeps {
  store: Store;
  clock: Clock;
  evidence: CellEvidence;
  engine: CellEngine;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

export interface ProjectRunner {
  /** Puts cells a stopped process left running back in the queue, and starts draining it. */
  start(): Promise<void>;
  /** Wakes the runner after cells were queued. */
  kick(): void;
  /** Stops taking cells and waits for those already running; queued cells wait for the next start. */
  stop(): Promise<void>;
  /** Resolves once the queue is empty (for the CLI and tests). */
  idle(): Promise<void>;
}

const BATCH = 200;

/**
 * Runs queued cells in a bounded work pool. The queue is the cells table itself (queued = 1), so a
 * restart loses nothing; each cell is claimed (pending → running) before it runs and written only
 * if it was not reset meanwhile, so no finished cell runs twice and a failed cell fails alone.
 */
export function createProjectRunner(deps: RunnerDeps, options: { concurrency: number }): ProjectRunner {
  const pool: WorkPool = createWorkPool(options.concurrency, BATCH);
  let stopped = true;
  let draining: Promise<void> | null = null;
  let again = false;

  async function runOne(key: CellKey): Promise<void> {
    if (stopped) return;
    const generation = await deps.store.cells.claim(key, deps.clock.now().toISOString());
    if (generation === null) return;
    try {
      const answer = await computeCell(deps, key);
      await deps.store.cells.finish(
        key,
        generation,
        { status: 'done', value: JSON.stringify(answer.value), display: answer.display, citations: JSON.stringify(answer.citations), error: null },
        deps.clock.now().toISOString(),
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      deps.log.warn({ cell: key, err: message }, 'project cell failed');
      await deps.store.cells.finish(key, generation, { status: 'failed', value: null, display: null, citations: '[]', error: message }, deps.clock.now().toISOString());
    }
  }

  async function drain(): Promise<void> {
    do {
      again = false;
      const keys = await deps.store.cells.nextQueued(BATCH);
      if (keys.length === 0 || stopped) break;
      await Promise.all(keys.map((key) => pool.run(() => runOne(key)).catch((error: unknown) => deps.log.error({ err: String(error) }, 'project runner'))));
      again = true;
    } while (again && !stopped);
  }

  function kick(): void {
    if (stopped) return;
    if (draining) {
      again = true;
      return;
    }
    draining = drain().finally(() => {
      draining = null;
      if (again && !stopped) kick();
    });
  }

  return {
    async start() {
      stopped = false;
      const requeued = await deps.store.cells.requeueRunning(deps.clock.now().toISOString());
      if (requeued > 0) deps.log.warn({ requeued }, 'project cells left running by a stopped process run again');
      kick();
    },
    kick,
    async stop() {
      stopped = true;
      await draining;
    },
    async idle() {
      while (draining) await draining;
    },
  };
}

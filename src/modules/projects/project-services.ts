import type { Store } from '../../db/store.js';
import type { Clock } from '../../shared/clock.js';
import type { PassageIndex } from '../documents/passages/passage-index.js';
import { createPassageEvidence, type CellEvidence } from './engine/cell-evidence.js';
import { createProjectRunner, type ProjectRunner, type RunnerDeps } from './engine/cell-runner.js';

/** The review-table engine of one server (or CLI run): cell evidence and the runner over it. */
export interface ProjectServices {
  evidence: CellEvidence;
  runner: ProjectRunner;
}

export function createProjectServices(deps: {
  store: Store;
  clock: Clock;
  passages: PassageIndex;
  concurrency: number;
  log: RunnerDeps['log'];
  evidence?: CellEvidence;
}): ProjectServices {
  const evidence = deps.evidence ?? createPassageEvidence({ store: deps.store, passages: deps.passages });
  return { evidence, runner: createProjectRunner({ store: deps.store, clock: deps.clock, evidence, log: deps.log }, { concurrency: deps.concurrency }) };
}

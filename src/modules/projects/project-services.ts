import type { Config } from '../../config/config.js';
import type { Store } from '../../db/store.js';
import type { Clock } from '../../shared/clock.js';
import type { PassageIndex } from '../documents/passages/passage-index.js';
import { createPassageEvidence, type CellEvidence } from './engine/cell-evidence.js';
import { extractiveCellEngine, type CellEngine } from './engine/cell-engine.js';
import { createProjectRunner, type ProjectRunner, type RunnerDeps } from './engine/cell-runner.js';
import { createModelCellEngine } from './engine/model/model-cell-engine.js';

/** The review-table engine of one server (or CLI run): cell evidence and the runner over it. */
export interface ProjectServices {
  evidence: CellEvidence;
  runner: ProjectRunner;
}

/**
 * The extractive cell engine always; the configured OpenAI-compatible model in front of it when
 * there is one, falling back to it whenever the model fails or its value does not pass the guard.
 */
export function createCellEngine(llm: Config['llm'], log?: Pick<RunnerDeps['log'], 'warn'>): CellEngine {
  if (!llm) return extractiveCellEngine;
  return createModelCellEngine({
    ...llm,
    fallback: extractiveCellEngine,
    onFallback: (reason, detail) => log?.warn({ reason, detail }, 'model cell replaced by the extractive engine'),
  });
}

export function createProjectServices(deps: {
  store: Store;
  clock: Clock;
  passages: PassageIndex;
  concurrency: number;
  log: RunnerDeps['log'];
  evidence?: CellEvidence;
  engine?: CellEngine;
}): ProjectServices {
  const evidence = deps.evidence ?? createPassageEvidence({ store: deps.store, passages: deps.passages });
  const engine = deps.engine ?? extractiveCellEngine;
  return { evidence, runner: createProjectRunner({ store: deps.store, clock: deps.clock, evidence, engine, log: deps.log }, { concurrency: deps.concurrency }) };
}

import type { AnswerResult } from '../modules/query/answer-engine.js';
import type { QueryServices } from '../modules/query/query-services.js';
import { answerQuestion } from '../modules/query/query.usecases.js';
import type { ComparisonEntry } from '../modules/research/ask/index.js';
import { ask, check, compare, type AskResult, type CheckResult } from '../modules/research/research.usecases.js';
import type { ResearchDeps } from '../modules/research/retrieval/retrieve-sections.js';

export interface AskInput {
  question: string;
  jurisdiction: string;
  asOf: string;
}
export interface CheckInput {
  assertion: string;
  jurisdiction: string;
  asOf: string;
}
export interface CompareInput {
  question: string;
  jurisdictions: string[];
  asOf: string;
}

/**
 * The CPU-heavy reads behind POST .../query, /v1/ask, /v1/check and /v1/compare: retrieval,
 * ranking and composing an answer. They run on answering threads (or, with no threads, here);
 * the routes only validate, authorize and hand the validated input over.
 */
export interface AnswerWork {
  /** Tasks it runs at once to advantage: admission lets this many through. */
  readonly concurrency: number;
  query(workspaceId: number, question: string): Promise<AnswerResult>;
  ask(input: AskInput): Promise<AskResult>;
  check(input: CheckInput): Promise<CheckResult>;
  compare(input: CompareInput): Promise<{ results: ComparisonEntry[] }>;
  /**
   * Starts whatever runs the work (threads) before the first task needs it; resolves when it has
   * done its start-up work (models loaded, first-use costs paid), so the server listens only then.
   */
  start?(): Promise<void>;
  /** Stops whatever runs the work (threads); the in-process kind has nothing to stop. */
  close(): Promise<void>;
}

/** One operation as data, to hand to a thread. */
export type AnswerTask =
  | { op: 'query'; workspaceId: number; question: string }
  | { op: 'ask'; input: AskInput }
  | { op: 'check'; input: CheckInput }
  | { op: 'compare'; input: CompareInput };

/** What answering reads: the query module's retrieval and engine, the research module's deps. */
export interface AnsweringDeps {
  query: Pick<QueryServices, 'retrieval' | 'engine'>;
  research: ResearchDeps;
}

/** The work run on the calling thread: the use cases themselves. */
export function createInProcessAnswerWork(deps: AnsweringDeps, concurrency = 1): AnswerWork {
  return {
    concurrency,
    query: (workspaceId, question) => answerQuestion(deps.query, workspaceId, question),
    ask: (input) => ask(deps.research, input),
    check: (input) => check(deps.research, input),
    compare: (input) => compare(deps.research, input),
    close: async () => {},
  };
}

/** Runs a task given as data (what a thread receives) on `work`. */
export function runAnswerTask(work: AnswerWork, task: AnswerTask): Promise<unknown> {
  switch (task.op) {
    case 'query':
      return work.query(task.workspaceId, task.question);
    case 'ask':
      return work.ask(task.input);
    case 'check':
      return work.check(task.input);
    case 'compare':
      return work.compare(task.input);
  }
}

import { workerData } from 'node:worker_threads';
import type { Config } from '../config/config.js';
import { lowerToAnsweringPriority } from '../shared/thread-priority.js';
import { announceReady, serveThreadTasks, threadLog } from '../shared/thread-worker.js';
import { clauseClassifier } from '../text/clauses/clause-classifier.js';
import { splitSentences } from '../text/sentences.js';
import { warmWordNet } from '../text/wordnet.js';
import { warmResearch, warmResearchOn } from '../modules/research/warm-up.js';
import { createInProcessAnswerWork, runAnswerTask, type AnswerTask } from './answer-work.js';
import { openAnsweringDeps } from './answering-deps.js';

/*
 * An answering thread: its own read-only connection (WAL lets it read while the server writes),
 * and the same use cases the main thread would run, so retrieval and composition never hold the
 * server's event loop.
 */
const { config } = workerData as { config: Config };
// Answering yields the CPU to the main thread when both want it.
lowerToAnsweringPriority();
const log = threadLog();
const deps = await openAnsweringDeps(config, log);
const work = createInProcessAnswerWork(deps);
serveThreadTasks((task: AnswerTask) => runAnswerTask(work, task));
// Load the sentence model, WordNet's index and the rest of statute research's first-use costs
// (warm-up.ts), and the clause model (workspace questions), now rather than in the first task
// that needs each; the server listens once every thread has (ThreadPool.whenReady).
splitSentences('Warm up.');
warmWordNet();
warmResearch();
clauseClassifier();
// What every statute answer reads first: the loaded titles of its jurisdiction, read for all of
// them at once and kept until an import changes them (~40 ms on the shared corpora).
await deps.research.statutes.loaded.all().catch((error: unknown) => log.warn({ err: error }, 'could not read the loaded statute titles at start'));
await warmResearchOn(deps.research).catch((error: unknown) => log.warn({ err: error }, 'could not warm statute research on the loaded corpus'));
announceReady();

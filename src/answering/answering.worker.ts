import { workerData } from 'node:worker_threads';
import type { Config } from '../config/config.js';
import { serveThreadTasks, threadLog } from '../shared/thread-worker.js';
import { splitSentences } from '../text/sentences.js';
import { createInProcessAnswerWork, runAnswerTask, type AnswerTask } from './answer-work.js';
import { openAnsweringDeps } from './answering-deps.js';

/*
 * An answering thread: its own read-only connection (WAL lets it read while the server writes),
 * and the same use cases the main thread would run, so retrieval and composition never hold the
 * server's event loop.
 */
const { config } = workerData as { config: Config };
const log = threadLog();
const work = createInProcessAnswerWork(openAnsweringDeps(config, log));
serveThreadTasks((task: AnswerTask) => runAnswerTask(work, task));
// Load the sentence model now rather than in the first task (~150 ms).
splitSentences('Warm up.');

import { workerData } from 'node:worker_threads';
import { announceReady, serveThreadTasks } from '../thread-worker.js';

/** A pool thread for thread-pool.test.ts whose start-up work takes workerData.startMs. */
serveThreadTasks(async (task: unknown) => task);
await new Promise((resolve) => setTimeout(resolve, (workerData as { startMs: number }).startMs));
announceReady();

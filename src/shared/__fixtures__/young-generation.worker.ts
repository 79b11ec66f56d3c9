import { parentPort } from 'node:worker_threads';
import { largestNewSpaceWhileAllocating } from './allocate-like-ingestion.js';

/** Reports the largest new space this thread's allocation reached, in bytes. */
parentPort?.postMessage(largestNewSpaceWhileAllocating());

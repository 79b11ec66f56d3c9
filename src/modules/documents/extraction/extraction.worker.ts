import { parentPort } from 'node:worker_threads';
import { extractFile } from './extract-file.js';
import { ExtractionFailure } from './extraction-failure.js';
import type { ExtractionContext } from './extraction.types.js';
import { MEMORY_LIMIT_REASON, type JobMessage, type WorkerMessage } from './worker-protocol.js';

/*
 * Worker thread entry: runs one extraction at a time for the pool, with the heap bound the pool gave it.
 * Anything that goes wrong becomes a 'failed' message; only a heap overflow or a hard kill ends the thread.
 */

const port = parentPort;
if (!port) throw new Error('extraction.worker must run as a worker thread');

function post(message: WorkerMessage): void {
  port!.postMessage(message);
}

/** The user-facing reason for an error that no extractor turned into an ExtractionFailure. */
function reasonFor(error: unknown): string {
  if (error instanceof ExtractionFailure) return error.reason;
  // Large allocations outside the JS heap (buffers, huge strings) fail with these instead of killing the thread.
  if (error instanceof RangeError && /allocation failed|Invalid string length|Invalid typed array length|Array buffer/i.test(error.message)) {
    return MEMORY_LIMIT_REASON;
  }
  const message = error instanceof Error ? error.message : String(error);
  return `the file could not be read: ${message}`;
}

port.on('message', async (job: JobMessage) => {
  const context: ExtractionContext = {
    ocr: job.ocr,
    softDeadline: job.softDeadline,
    depth: 0,
    track: (resource) => post({ type: 'track', id: job.id, resource }),
  };
  try {
    const result = await extractFile(job.path, job.limits, context);
    post({ type: 'done', id: job.id, result });
  } catch (error) {
    post({ type: 'failed', id: job.id, reason: reasonFor(error) });
  }
});

// Job timers start only when the worker says it is ready: booting (and, from source, compiling) is not the file's fault.
post({ type: 'ready' });

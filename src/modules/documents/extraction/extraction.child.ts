import { clauseClassifier } from '../../../text/clauses/clause-classifier.js';
import { toSpans } from '../passages/passage-spans.js';
import { taggedPassages } from '../passages/tagged-passages.js';
import { extractFile } from './extract-file.js';
import { ExtractionFailure } from './extraction-failure.js';
import type { ExtractionContext } from './extraction.types.js';
import { MEMORY_LIMIT_REASON, type JobMessage, type WorkerMessage } from './worker-protocol.js';

/*
 * Child-process entry: runs one extraction at a time for the pool. A process, not a worker thread, because
 * what a decompression bomb inflates lives outside the JS heap (Buffers, typed arrays): only a separate
 * process lets the pool measure it (its RSS) and kill it without touching the server's memory.
 * Anything that goes wrong becomes a 'failed' message; a heap overflow or the pool's watchdog ends the process.
 */

if (!process.send) throw new Error('extraction.child must run as a child process with an IPC channel');

/** A server killed while this child started (kill -9) leaves no one to answer: the child ends quietly rather than with an EPIPE trace. */
function post(message: WorkerMessage): void {
  if (!process.connected) process.exit(0);
  process.send?.(message, undefined, {}, (error) => {
    if (error) process.exit(0);
  });
}

/** The user-facing reason for an error that no extractor turned into an ExtractionFailure. */
function reasonFor(error: unknown): string {
  if (error instanceof ExtractionFailure) return error.reason;
  // Large allocations outside the JS heap (buffers, huge strings) fail with these instead of killing the process.
  if (error instanceof RangeError && /allocation failed|Invalid string length|Invalid typed array length|Array buffer/i.test(error.message)) {
    return MEMORY_LIMIT_REASON;
  }
  const message = error instanceof Error ? error.message : String(error);
  return `the file could not be read: ${message}`;
}

process.on('message', async (job: JobMessage) => {
  const context: ExtractionContext = {
    ocr: job.ocr,
    softDeadline: job.softDeadline,
    depth: 0,
    track: (resource) => post({ type: 'track', id: job.id, resource }),
  };
  try {
    const result = await extractFile(job.path, job.limits, context);
    post({ type: 'done', id: job.id, result: { ...result, passages: toSpans(taggedPassages(result.pages)) } });
  } catch (error) {
    post({ type: 'failed', id: job.id, reason: reasonFor(error) });
  }
});

// The server went away (even by kill -9): nothing is left to extract for.
process.on('disconnect', () => process.exit(0));

// The clause model is loaded before the child says it is ready, so that its memory is part of the idle
// footprint the pool's watchdog measures from, not charged to the first file (which it failed).
clauseClassifier();

// Job timers start only when the child says it is ready: booting (and, from source, compiling) is not the file's fault.
post({ type: 'ready' });

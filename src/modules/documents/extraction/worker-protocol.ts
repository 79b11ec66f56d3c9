import type { ExtractionLimits, ExtractionResult, TrackedResource } from './extraction.types.js';

/** A job the pool sends to an extraction worker. */
export interface JobMessage {
  id: number;
  path: string;
  limits: ExtractionLimits;
  ocr: boolean;
  softDeadline: number;
}

/** What a worker sends back: the outcome of a job, or a resource to clean up if the job is killed. */
export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'done'; id: number; result: ExtractionResult }
  | { type: 'failed'; id: number; reason: string }
  | { type: 'track'; id: number; resource: TrackedResource };

/** The reason given when a worker dies of its heap bound (or an allocation inside it fails). */
export const MEMORY_LIMIT_REASON = 'extraction exceeded its memory limit';

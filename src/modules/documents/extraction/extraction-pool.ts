import { rm } from 'node:fs/promises';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import { ExtractionFailure } from './extraction-failure.js';
import type { ExtractionLimits, ExtractionResult, TrackedResource } from './extraction.types.js';
import { MEMORY_LIMIT_REASON, type JobMessage, type WorkerMessage } from './worker-protocol.js';

export const DEFAULT_EXTRACTION_LIMITS: ExtractionLimits = { timeoutMs: 60_000, maxMemoryMb: 512, maxPages: 5000 };

export interface ExtractionPoolOptions {
  /** How many worker threads run extractions at once. */
  size: number;
  /** Missing fields take DEFAULT_EXTRACTION_LIMITS. */
  limits: Partial<ExtractionLimits>;
  /** OCR of scanned PDF pages; on by default (it still needs tesseract and pdftoppm on PATH). */
  ocr?: { enabled: boolean };
}

/** Extracts files in isolated worker threads, each job bounded in time and memory. */
export interface ExtractionPool {
  /** Extracts the file at `path`; rejects with ExtractionFailure. `fileName` is a display hint only: the type comes from content. */
  extract(path: string, fileName?: string): Promise<ExtractionResult>;
  /** Fails queued and running jobs and stops the workers. */
  close(): Promise<void>;
}

interface Job {
  message: JobMessage;
  resolve(result: ExtractionResult): void;
  reject(error: ExtractionFailure): void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  timer: NodeJS.Timeout | null;
  /** Child processes and temp folders of the running job, keyed by pid or path. */
  resources: Map<string, TrackedResource>;
  ready: boolean;
  dead: boolean;
}

/*
 * The worker runs from compiled .js in dist/, and from the .ts source under tsx (tests, dev). Node 20 does
 * not apply `--import tsx` from a Worker's execArgv to the worker's own entry module ("Unknown file
 * extension .ts"), so from source a two-line bootstrap registers tsx's loader inside the worker first.
 */
const fromSource = import.meta.url.endsWith('.ts');
const workerUrl = new URL(fromSource ? './extraction.worker.ts' : './extraction.worker.js', import.meta.url);

function newWorker(resourceLimits: ResourceLimits): Worker {
  if (!fromSource) return new Worker(workerUrl, { resourceLimits });
  const tsxApi = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(workerUrl.href)}); });`;
  return new Worker(bootstrap, { eval: true, execArgv: [], resourceLimits });
}

/** Time left to a job after its soft deadline, to finish and send what it has before the hard kill. */
function graceMs(timeoutMs: number): number {
  return Math.min(5000, Math.floor(timeoutMs * 0.2));
}

/** Creates a pool of long-lived extraction workers (spawning one per job is too slow for bulk ingestion). */
export function createExtractionPool(options: ExtractionPoolOptions): ExtractionPool {
  const limits: ExtractionLimits = { ...DEFAULT_EXTRACTION_LIMITS, ...options.limits };
  const size = Math.max(1, Math.floor(options.size));
  const ocr = options.ocr?.enabled ?? true;
  const slots = new Set<Slot>();
  const queue: Job[] = [];
  let nextId = 1;
  let closed = false;

  function spawn(): Slot {
    const worker = newWorker({
      maxOldGenerationSizeMb: limits.maxMemoryMb,
      maxYoungGenerationSizeMb: Math.min(64, Math.max(4, Math.floor(limits.maxMemoryMb / 8))),
    });
    const slot: Slot = { worker, job: null, timer: null, resources: new Map(), ready: false, dead: false };
    worker.on('message', (message: WorkerMessage) => onMessage(slot, message));
    worker.on('error', (error: Error & { code?: string }) => {
      const reason = error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? MEMORY_LIMIT_REASON : `the extractor crashed: ${error.message}`;
      retire(slot, reason);
    });
    worker.on('exit', (code) => retire(slot, code === 0 ? 'the extractor stopped unexpectedly' : `the extractor stopped unexpectedly (exit code ${code})`));
    slots.add(slot); // stays ref'd while booting, so a queued job keeps the process alive

    return slot;
  }

  function onMessage(slot: Slot, message: WorkerMessage): void {
    if (message.type === 'ready') {
      slot.ready = true;
      pump();
      if (!slot.job) slot.worker.unref();
      return;
    }
    const job = slot.job;
    if (!job || message.id !== job.message.id) return; // a late message from a job already given up on
    if (message.type === 'track') {
      const key = message.resource.kind === 'child' ? `pid:${message.resource.pid}` : `dir:${message.resource.path}`;
      if (message.resource.done) slot.resources.delete(key);
      else slot.resources.set(key, message.resource);
      return;
    }
    settle(slot);
    if (message.type === 'done') job.resolve(message.result);
    else job.reject(new ExtractionFailure(message.reason));
    pump();
  }

  /** Clears the slot's job and timer and puts the worker back to sleep. */
  function settle(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
    slot.resources.clear();
    slot.worker.unref();
  }

  /** Kills what a dead or killed job left behind: OCR processes would otherwise run on, orphaned. */
  function cleanUp(resources: Iterable<TrackedResource>): void {
    for (const resource of resources) {
      if (resource.kind === 'child') {
        try {
          process.kill(resource.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      } else {
        rm(resource.path, { recursive: true, force: true }).catch(() => undefined);
      }
    }
  }

  /** Takes a worker out of service, failing its job with `reason`; a fresh worker replaces it on demand. */
  function retire(slot: Slot, reason: string): void {
    if (slot.dead) return;
    slot.dead = true;
    slots.delete(slot);
    const job = slot.job;
    const resources = [...slot.resources.values()];
    settle(slot);
    cleanUp(resources);
    void slot.worker.terminate();
    if (job) job.reject(new ExtractionFailure(reason));
    // A worker that cannot even start would be replaced forever; fail one waiting job per failed start instead.
    else if (!slot.ready && !closed) queue.shift()?.reject(new ExtractionFailure(`the extractor could not start: ${reason}`));
    pump();
  }

  function pump(): void {
    if (closed) return;
    while (queue.length > 0) {
      const slot = [...slots].find((s) => s.ready && !s.job && !s.dead);
      if (slot) {
        start(slot, queue.shift()!);
        continue;
      }
      const starting = [...slots].filter((s) => !s.ready && !s.dead).length;
      if (starting < queue.length && slots.size < size) spawn();
      else return;
    }
  }

  function start(slot: Slot, job: Job): void {
    const now = Date.now();
    job.message.softDeadline = now + limits.timeoutMs - graceMs(limits.timeoutMs);
    slot.job = job;
    slot.worker.ref(); // a running job keeps the process alive; an idle pool does not
    slot.timer = setTimeout(() => {
      retire(slot, `extraction took longer than ${formatSeconds(limits.timeoutMs)} and was stopped`);
    }, limits.timeoutMs);
    slot.worker.postMessage(job.message);
  }

  return {
    extract(path: string): Promise<ExtractionResult> {
      if (closed) return Promise.reject(new ExtractionFailure('the extraction pool is closed'));
      return new Promise<ExtractionResult>((resolve, reject) => {
        queue.push({ message: { id: nextId++, path, limits, ocr, softDeadline: 0 }, resolve, reject });
        pump();
      });
    },
    async close(): Promise<void> {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new ExtractionFailure('the extraction pool was closed'));
      const stopping = [...slots].map((slot) => {
        retire(slot, 'the extraction pool was closed');
        return slot.worker.terminate();
      });
      await Promise.all(stopping);
    },
  };
}

function formatSeconds(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`;
}

import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { ExtractionFailure } from './extraction-failure.js';
import type { ExtractionLimits, ExtractionResult, TrackedResource } from './extraction.types.js';
import { MEMORY_LIMIT_REASON, type JobMessage, type WorkerMessage } from './worker-protocol.js';

export const DEFAULT_EXTRACTION_LIMITS: ExtractionLimits = { timeoutMs: 60_000, maxMemoryMb: 512, maxPages: 5000 };

export interface ExtractionPoolOptions {
  /** How many child processes run extractions at once. */
  size: number;
  /** Missing fields take DEFAULT_EXTRACTION_LIMITS. */
  limits: Partial<ExtractionLimits>;
  /** OCR of scanned PDF pages; on by default (it still needs tesseract and pdftoppm on PATH). */
  ocr?: { enabled: boolean };
  /**
   * Nice value of the children (EXTRACTION_NICE). A test of a 1 s time limit runs them at 0: on a
   * machine whose cores are busy at nice 0, a niced child's cheap job took longer than the limit.
   */
  nice?: number;
}

/** Extracts files in isolated child processes, each job bounded in time and memory. */
export interface ExtractionPool {
  /** Extracts the file at `path`; rejects with ExtractionFailure. `fileName` is a display hint only: the type comes from content. */
  extract(path: string, fileName?: string): Promise<ExtractionResult>;
  /** Fails queued and running jobs and stops the children. */
  close(): Promise<void>;
}

interface Job {
  message: JobMessage;
  resolve(result: ExtractionResult): void;
  reject(error: ExtractionFailure): void;
}

interface Slot {
  child: ChildProcess;
  job: Job | null;
  timer: NodeJS.Timeout | null;
  /** Child processes and temp folders of the running job, keyed by pid or path. */
  resources: Map<string, TrackedResource>;
  ready: boolean;
  dead: boolean;
  /** Resident MiB of the idle child when it said ready (runtime and libraries loaded); jobs are bounded beyond it. */
  baselineMb: number;
}

/*
 * Why child processes and not worker threads: a worker's heap limit does not cover Buffers and typed
 * arrays, which is where a decompression bomb (a zip entry, a PDF FlateDecode stream) inflates, so a bomb
 * grew the whole server by gigabytes. A child process has its own address space: the pool reads its
 * resident memory and kills it past the limit, and the server's memory never holds what it inflated.
 *
 * The child runs from compiled .js in dist/, and from the .ts source under tsx (tests, dev).
 */
const fromSource = import.meta.url.endsWith('.ts');
const childPath = fileURLToPath(new URL(fromSource ? './extraction.child.ts' : './extraction.child.js', import.meta.url));
/** Nice value of extraction children: below the server's request handling, as the answering threads are. */
const EXTRACTION_NICE = 10;
/** How often the watchdog reads each child's resident memory. */
const WATCH_INTERVAL_MS = 50;

function newChild(maxMemoryMb: number, nice: number): ChildProcess {
  // The heap bound is a backstop with room for the loaded libraries; the watchdog below is the real bound.
  const execArgv = [`--max-old-space-size=${maxMemoryMb + 256}`];
  if (fromSource) execArgv.unshift('--import', import.meta.resolve('tsx'));
  const child = fork(childPath, [], {
    execArgv,
    serialization: 'advanced',
    // Its own process group: a Ctrl-C at the server's terminal must not kill extractions mid-job (the
    // server decides when they stop); stdout stays the server's own (`folio serve --json` writes there).
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  // Extraction is background work: when the CPU is short, requests (and health checks) go first.
  // Being detached, the child leads its own session, and where the kernel groups sessions for
  // scheduling (autogroup, on by default) its nice value ranks it only within that group: the group
  // itself shared the CPU equally with the server's, 0.5 core of 2 under bench:load. Its group gets
  // the same nice value (sched(7), /proc/[pid]/autogroup).
  try {
    if (child.pid !== undefined) {
      setPriority(child.pid, nice);
      if (existsSync(`/proc/${child.pid}/autogroup`)) writeFileSync(`/proc/${child.pid}/autogroup`, String(nice));
    }
  } catch {
    // A platform that refuses: the child runs at the server's priority, as before.
  }
  return child;
}

/** A process's resident set in MiB from /proc (Linux); null where /proc is absent or the process is gone. */
export function residentMb(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** Time left to a job after its soft deadline, to finish and send what it has before the hard kill. */
function graceMs(timeoutMs: number): number {
  return Math.min(5000, Math.floor(timeoutMs * 0.2));
}

/** Creates a pool of long-lived extraction children (spawning one per job is too slow for bulk ingestion). */
export function createExtractionPool(options: ExtractionPoolOptions): ExtractionPool {
  const limits: ExtractionLimits = { ...DEFAULT_EXTRACTION_LIMITS, ...options.limits };
  const size = Math.max(1, Math.floor(options.size));
  const ocr = options.ocr?.enabled ?? true;
  const slots = new Set<Slot>();
  const queue: Job[] = [];
  let nextId = 1;
  let closed = false;

  function spawn(): Slot {
    const child = newChild(limits.maxMemoryMb, options.nice ?? EXTRACTION_NICE);
    const slot: Slot = { child, job: null, timer: null, resources: new Map(), ready: false, dead: false, baselineMb: 0 };
    child.on('message', (message: WorkerMessage) => onMessage(slot, message));
    child.on('error', (error: Error) => retire(slot, `the extractor crashed: ${error.message}`));
    child.on('exit', (code, signal) => {
      // V8 aborts (SIGABRT, or exit code 134 through a shell) when the heap passes --max-old-space-size.
      const outOfHeap = signal === 'SIGABRT' || code === 134;
      retire(slot, outOfHeap ? MEMORY_LIMIT_REASON : `the extractor stopped unexpectedly (${signal ? `signal ${signal}` : `exit code ${code}`})`);
    });
    slots.add(slot); // stays ref'd while booting, so a queued job keeps the process alive
    watch();
    return slot;
  }

  /**
   * Kills a child whose resident memory grows more than `maxMemoryMb` past its idle baseline, failing its
   * job: what a bomb inflates stays in the child and dies with it.
   */
  let watchdog: NodeJS.Timeout | null = null;
  function watch(): void {
    if (watchdog) return;
    watchdog = setInterval(() => {
      for (const slot of slots) {
        if (slot.dead || !slot.ready || slot.child.pid === undefined) continue;
        const rss = residentMb(slot.child.pid);
        // Idle too: a child whose memory did not come back after a big job is replaced, not reused.
        if (rss !== null && rss > slot.baselineMb + limits.maxMemoryMb) retire(slot, MEMORY_LIMIT_REASON);
      }
      if (slots.size === 0 && watchdog) {
        clearInterval(watchdog);
        watchdog = null;
      }
    }, WATCH_INTERVAL_MS);
    watchdog.unref();
  }

  /** A running job keeps the server process alive; an idle pool does not. */
  function hold(slot: Slot, held: boolean): void {
    const channel = slot.child.channel as { ref(): void; unref(): void } | null | undefined;
    if (held) {
      slot.child.ref();
      channel?.ref();
    } else {
      slot.child.unref();
      channel?.unref();
    }
  }

  function onMessage(slot: Slot, message: WorkerMessage): void {
    if (message.type === 'ready') {
      slot.ready = true;
      slot.baselineMb = (slot.child.pid !== undefined ? residentMb(slot.child.pid) : null) ?? 0;
      pump();
      if (!slot.job) hold(slot, false);
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

  /** Clears the slot's job and timer and lets the child idle. */
  function settle(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
    slot.resources.clear();
    hold(slot, false);
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

  /** Takes a child out of service, failing its job with `reason`; a fresh child replaces it on demand. */
  function retire(slot: Slot, reason: string): void {
    if (slot.dead) return;
    slot.dead = true;
    slots.delete(slot);
    const job = slot.job;
    const resources = [...slot.resources.values()];
    settle(slot);
    cleanUp(resources);
    if (slot.child.exitCode === null && slot.child.signalCode === null) slot.child.kill('SIGKILL');
    if (job) job.reject(new ExtractionFailure(reason));
    // A child that cannot even start would be replaced forever; fail one waiting job per failed start instead.
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
    hold(slot, true);
    slot.timer = setTimeout(() => {
      retire(slot, `extraction took longer than ${formatSeconds(limits.timeoutMs)} and was stopped`);
    }, limits.timeoutMs);
    slot.child.send(job.message, (error) => {
      if (error) retire(slot, `the extractor could not be reached: ${error.message}`);
    });
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
        const exited = slot.child.exitCode !== null || slot.child.signalCode !== null
          ? Promise.resolve()
          : new Promise<void>((resolve) => slot.child.once('exit', () => resolve()));
        retire(slot, 'the extraction pool was closed');
        slot.child.ref(); // so that close() is awaited until the child is really gone
        return exited;
      });
      await Promise.all(stopping);
      if (watchdog) clearInterval(watchdog);
      watchdog = null;
    },
  };
}

function formatSeconds(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`;
}

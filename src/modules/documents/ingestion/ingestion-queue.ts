import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { CoreDeps } from '../../../shared/deps.js';
import type { BlobStore } from '../blobs/blob-store.js';
import type { DescribeFile } from '../signals/describe-file.js';
import type { ExtractionPool } from '../extraction/index.js';
import type { IndexWriter } from './index-writer.js';
import type { IngestionRepository } from './ingestion.repository.js';
import { ingestFile } from './ingest-file.js';
import type { PendingCounts, QueueLimits } from './queue-room.js';

export interface IngestionQueueDeps extends CoreDeps {
  jobs: IngestionRepository;
  blobs: BlobStore;
  extraction: ExtractionPool;
  /** Indexes extracted files and marks them ready or failed, in batches. */
  index: IndexWriter;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Reads the signals a file's name and opening give, stored with its passages; without it they are read at query time. */
  describe?: DescribeFile;
  /** True once the queue is stopping: a job cut short then stays `running`, to be resumed at the next start. */
  stopping?: () => boolean;
}

export interface IngestionQueueOptions {
  /** Jobs in progress at once. More than the extraction workers, so the next file is already waiting when one finishes. */
  concurrency: number;
  /** How often idle workers look for work they were not told about (unfrozen workspaces, other processes). */
  pollMs: number;
  /** A running job locked longer than this belongs to a dead process and is taken back. */
  staleAfterMs: number;
  /**
   * Several processes share the queue (PostgreSQL): a running job's lock is a lease renewed every
   * third of `staleAfterMs` while its work goes on, and a starting process leaves other
   * processes' running jobs alone (their leases expire if those processes died).
   */
  shared?: boolean;
}

/**
 * Runs ingestion jobs from the persistent queue with bounded concurrency. Jobs left running by a
 * killed process are taken back at start, so a restart resumes them.
 */
export function createIngestionQueue(deps: IngestionQueueDeps, options: IngestionQueueOptions) {
  const workerId = randomUUID();
  const done = new Map<number, Array<() => void>>();
  const inFlight = new Set<Promise<void>>();
  let running = 0;
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let renewTimer: NodeJS.Timeout | undefined;
  const runningJobs = new Set<number>();

  const settle = (fileId: number) => {
    for (const wake of done.get(fileId) ?? []) wake();
    done.delete(fileId);
  };

  async function pump(): Promise<void> {
    while (!stopped && running < options.concurrency) {
      const job = await deps.jobs.claimNext(workerId, deps.clock.now().toISOString());
      if (!job) return;
      running += 1;
      runningJobs.add(job.id);
      const work = ingestFile({ ...deps, stopping: () => stopped }, job)
        .catch((error: unknown) => deps.log.error({ err: error, fileId: job.file_id }, 'ingestion job crashed'))
        .finally(() => {
          running -= 1;
          runningJobs.delete(job.id);
          inFlight.delete(work);
          settle(job.file_id);
          void kick();
        });
      inFlight.add(work);
    }
  }

  let pumping: Promise<void> | null = null;
  function kick(): Promise<void> {
    // One pump at a time: concurrent claims would only race for the same rows.
    if (!pumping) {
      pumping = pump()
        .catch((error: unknown) => deps.log.error({ err: error }, 'ingestion queue pump failed'))
        .finally(() => {
          pumping = null;
        });
    }
    return pumping;
  }

  return {
    async start(): Promise<void> {
      const now = deps.clock.now().toISOString();
      if (!options.shared) {
        const resumed = await deps.jobs.requeueAllRunning(now);
        if (resumed > 0) deps.log.info({ resumed }, 'resuming ingestion jobs of a previous run');
      } else {
        renewTimer = setInterval(() => {
          void deps.jobs
            .renew(workerId, [...runningJobs], deps.clock.now().toISOString())
            .catch((error: unknown) => deps.log.warn({ err: error }, 'ingestion lease renewal failed'));
        }, Math.max(100, Math.floor(options.staleAfterMs / 3)));
        renewTimer.unref();
      }
      stopped = false;
      timer = setInterval(() => {
        const staleBefore = new Date(deps.clock.now().getTime() - options.staleAfterMs).toISOString();
        // A locked database (another process writing) must not end the process: the next tick tries again.
        void deps.jobs
          .requeueStale(staleBefore, deps.clock.now().toISOString())
          .then(() => kick())
          .catch((error: unknown) => deps.log.warn({ err: error }, 'ingestion queue poll failed'));
      }, options.pollMs);
      timer.unref();
      void kick();
    },

    /** Tells the workers a job was queued. */
    notify(): void {
      void kick();
    },

    /** Resolves when the file's job has finished, or after `timeoutMs`, whichever is first. */
    waitFor(fileId: number, timeoutMs: number): Promise<void> {
      return new Promise((resolve) => {
        const timeout = setTimeout(resolve, timeoutMs);
        const wake = () => {
          clearTimeout(timeout);
          resolve();
        };
        done.set(fileId, [...(done.get(fileId) ?? []), wake]);
      });
    },

    pending(): Promise<number> {
      return deps.jobs.pendingCount();
    },

    /** Pending jobs of a workspace, its org and the server, each counted up to its limit. */
    pendingFor(orgId: string, workspaceId: number, limits: QueueLimits): Promise<PendingCounts> {
      return deps.jobs.pendingCounts(orgId, workspaceId, limits);
    },

    /**
     * Stops taking jobs. `interrupt` (closing the extraction workers, say) cuts the running ones
     * short. Alone on the database, they stay `running` and the next start takes them back; on a
     * shared queue they are handed back now, so another process does not wait out their leases.
     */
    async stop(interrupt: () => Promise<void> = async () => {}): Promise<void> {
      stopped = true;
      if (timer) clearInterval(timer);
      if (renewTimer) clearInterval(renewTimer);
      // A claim already sent when the stop began commits after it: wait for it, so that its job is
      // among those cut short and handed back below, not left running until its lease runs out.
      await pumping;
      await interrupt();
      await Promise.allSettled([...inFlight]);
      if (options.shared) {
        // If this fails the leases still expire: the jobs are late, not lost.
        await deps.jobs
          .releaseHeld(workerId, deps.clock.now().toISOString())
          .catch((error: unknown) => deps.log.warn({ err: error }, 'ingestion jobs could not be handed back at stop'));
      }
    },
  };
}

export type IngestionQueue = ReturnType<typeof createIngestionQueue>;

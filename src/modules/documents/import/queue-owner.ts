import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config/config.js';
import { isDataDirLocked, tryLockDataDir, type DataDirLock } from '../../../db/data-dir-lock.js';
import type { CoreDeps } from '../../../shared/deps.js';
import { createDocumentServices, type DocumentServices, type PassageBackend } from '../document-services.js';
import type { DescribeFile } from '../signals/describe-file.js';

/**
 * Who runs the ingestion queue while an import waits. There is one queue (the `ingestion_jobs`
 * table) and one process runs it: the owner of `<dataDir>/serve.lock`. A running `folio serve`
 * holds that lock, so the import only adds jobs and its workers process them. With no server,
 * the import takes the lock and runs the same queue itself (a server started meanwhile then
 * refuses to start rather than fight over the jobs); if the server stops during the import, the
 * next poll takes over. The lock is the liveness signal because the OS drops it when its holder
 * dies, even on kill -9: a heartbeat row would need a timeout guess and a write every few seconds.
 */
export function createQueueOwner(
  core: CoreDeps,
  backend: PassageBackend,
  config: Config,
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>,
  describe?: DescribeFile,
) {
  let held: { lock: DataDirLock; services: DocumentServices } | null = null;
  return {
    /** Runs the queue here if no other process does. True when someone (here or the server) runs it. */
    async ensureRunning(): Promise<boolean> {
      if (held) return true;
      const lock = tryLockDataDir(config.dataDir);
      if (!lock) return true;
      const services = createDocumentServices(core, backend, config, log, describe);
      held = { lock, services };
      await services.start();
      return true;
    },
    /** True when a process runs the queue now (this one, or a server). */
    isRunning(): boolean {
      return held !== null || isDataDirLocked(config.dataDir);
    },
    /** Stops this process's workers (if it had taken over); jobs left queued wait for the server. */
    async release(): Promise<void> {
      if (!held) return;
      const { lock, services } = held;
      held = null;
      try {
        await services.close();
      } finally {
        lock.release();
      }
    },
  };
}

export type QueueOwner = ReturnType<typeof createQueueOwner>;

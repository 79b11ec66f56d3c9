import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { IngestionJobRow } from './ingestion.tables.js';
import { createIngestionQueue, type IngestionQueueDeps } from './ingestion-queue.js';

test('a queue shared with other processes hands back, at stop, a job whose claim was still in flight when the stop began', async () => {
  const events: string[] = [];
  let answerClaim: (job: IngestionJobRow | undefined) => void = () => {};
  const claim = new Promise<IngestionJobRow | undefined>((resolve) => (answerClaim = resolve));
  let claims = 0;
  const jobs = {
    async claimNext() {
      claims += 1;
      if (claims > 1) return undefined;
      const job = await claim;
      events.push('claimed');
      return job;
    },
    async releaseHeld() {
      events.push('released');
      return 1;
    },
    async renew() {},
    async requeueStale() {
      return 0;
    },
    async finish() {},
    async requeue() {},
  };
  // The file is gone, so the claimed job is finished at once without extracting anything.
  const deps = {
    jobs,
    store: { documents: { getFile: async () => undefined } },
    clock: { now: () => new Date('2026-11-27T00:00:00Z') },
    log: { info() {}, warn() {}, error() {} },
  } as unknown as IngestionQueueDeps;
  const queue = createIngestionQueue(deps, { concurrency: 2, pollMs: 60_000, staleAfterMs: 30_000, shared: true });
  await queue.start();
  // start() sent the first claim; the stop begins before the database answers it, a little later.
  const stopping = queue.stop();
  setTimeout(() => answerClaim({ id: 7, file_id: 3, workspace_id: 1 } as IngestionJobRow), 20);
  await stopping;
  assert.deepEqual(events, ['claimed', 'released']);
});

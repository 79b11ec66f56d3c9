import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { IngestionJobRow } from './ingestion.tables.js';
import type { PendingCounts, QueueLimits } from './queue-room.js';

/**
 * The persistent ingestion queue: jobs survive restarts because they live in the database.
 * `skipLocked` (PostgreSQL, several processes): a claim skips rows another transaction is
 * claiming instead of queueing behind it. SQLite has one writer, so its claim cannot race.
 */
export function createIngestionRepository({ db, skipLocked = false }: { db: Kysely<Database>; skipLocked?: boolean }) {
  return {
    /** Jobs waiting or running: the queue depth that load shedding looks at. */
    async pendingCount(): Promise<number> {
      const row = await db
        .selectFrom('ingestion_jobs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('state', 'in', ['queued', 'running'])
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /**
     * Pending jobs of the workspace, of its org and of the server, each counted no further than
     * its limit (the count of a long queue then costs no more than the limit's worth of index).
     */
    async pendingCounts(orgId: string, workspaceId: number, limits: QueueLimits): Promise<PendingCounts> {
      const result = await sql<{ workspace: number; org: number; total: number }>`
        select
          (select count(*) from (select 1 from ingestion_jobs where workspace_id = ${workspaceId} and state in ('queued', 'running') limit ${limits.workspace}) as w) as workspace,
          (select count(*) from (select 1 from ingestion_jobs where state in ('queued', 'running')
             and workspace_id in (select id from workspaces where org_id = ${orgId}) limit ${limits.org}) as o) as org,
          (select count(*) from (select 1 from ingestion_jobs where state in ('queued', 'running') limit ${limits.total}) as t) as total`.execute(db);
      const row = result.rows[0];
      return { workspace: Number(row?.workspace ?? 0), org: Number(row?.org ?? 0), total: Number(row?.total ?? 0) };
    },

    /**
     * Claims the oldest queued job whose workspace index is not frozen. One statement, so two
     * workers never claim the same job.
     */
    async claimNext(workerId: string, now: string): Promise<IngestionJobRow | undefined> {
      const result = await sql<IngestionJobRow>`
        update ingestion_jobs
        set state = 'running', locked_by = ${workerId}, locked_at = ${now}, updated_at = ${now}, attempts = attempts + 1
        where id = (
          select j.id from ingestion_jobs j join workspaces w on w.id = j.workspace_id
          where j.state = 'queued' and w.index_frozen = 0
          order by j.id limit 1 ${skipLocked ? sql`for update of j skip locked` : sql``}
        ) and state = 'queued'
        returning *`.execute(db);
      return result.rows[0];
    },

    /** Running jobs locked before `staleBefore` (their process died) go back to the queue. */
    async requeueStale(staleBefore: string, now: string): Promise<number> {
      const result = await db
        .updateTable('ingestion_jobs')
        .set({ state: 'queued', locked_by: null, locked_at: null, updated_at: now })
        .where('state', '=', 'running')
        .where('locked_at', '<', staleBefore)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Extends the lease of the jobs this worker is running (work goes on), so no other process takes them. */
    async renew(workerId: string, jobIds: number[], now: string): Promise<void> {
      if (jobIds.length === 0) return;
      await db.updateTable('ingestion_jobs').set({ locked_at: now }).where('id', 'in', jobIds).where('locked_by', '=', workerId).where('state', '=', 'running').execute();
    },

    /**
     * A stopping process hands back the jobs it cut short, so that another process (or its own
     * restart) takes them at once instead of when their leases run out.
     */
    async releaseHeld(workerId: string, now: string): Promise<number> {
      const result = await db
        .updateTable('ingestion_jobs')
        .set({ state: 'queued', locked_by: null, locked_at: null, updated_at: now })
        .where('locked_by', '=', workerId)
        .where('state', '=', 'running')
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** At start: every running job of a previous process of this server is taken back. */
    async requeueAllRunning(now: string): Promise<number> {
      const result = await db
        .updateTable('ingestion_jobs')
        .set({ state: 'queued', locked_by: null, locked_at: null, updated_at: now })
        .where('state', '=', 'running')
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Puts a claimed job back in the queue (it failed on a transient lock, not on its file). */
    async requeue(jobId: number, now: string): Promise<void> {
      await db.updateTable('ingestion_jobs').set({ state: 'queued', locked_by: null, locked_at: null, updated_at: now }).where('id', '=', jobId).where('state', '=', 'running').execute();
    },

    async finish(jobId: number, state: 'done' | 'failed', now: string): Promise<void> {
      await db.updateTable('ingestion_jobs').set({ state, locked_by: null, updated_at: now }).where('id', '=', jobId).execute();
    },
  };
}

export type IngestionRepository = ReturnType<typeof createIngestionRepository>;

import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { IngestionJobRow } from './ingestion.tables.js';

/** The persistent ingestion queue: jobs survive restarts because they live in the database. */
export function createIngestionRepository({ db }: { db: Kysely<Database> }) {
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
          order by j.id limit 1
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

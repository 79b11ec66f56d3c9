/**
 * Keeps PostgreSQL's planner statistics current for tables that bulk writes grow, whatever the
 * server's autovacuum settings. Without them the planner takes a freshly filled table for nearly
 * empty: on a workspace of 399 contracts it chose to scan every passage of every file and test
 * each tsvector instead of using the full-text index, and 304 questions took 214 ms at the median,
 * 69 ms once analyzed (autovacuum off, as on the machines these figures come from; with it on, the
 * first minutes after an import are the same).
 *
 * After writes, and at most once per `delayMs`, it reads pg_stat_user_tables and runs ANALYZE on
 * the tables changed past autovacuum's own default rule (50 rows plus a tenth of the table). With
 * autovacuum running, it mostly finds nothing to do. PostgreSQL counts a connection's changes into
 * pg_stat_user_tables late (an idle connection flushes them after up to 10 s), so one more check
 * follows the last write by `settleMs`.
 *
 * The same checks merge the pending lists of the GIN indexes it is given (gin-pending-lists.ts),
 * the other upkeep autovacuum would do that searches of freshly written rows depend on.
 */
import { sql, type Kysely } from 'kysely';
import { mergeGinPendingLists } from './gin-pending-lists.js';

/** PostgreSQL's PGSTAT_IDLE_INTERVAL (10 s), and a second to spare. */
const SETTLE_MS = 11_000;
/** autovacuum_analyze_threshold and autovacuum_analyze_scale_factor's defaults. */
const BASE_ROWS = 50;
const SCALE = 0.1;

/** ANALYZE on these tables now, in one statement: after a bulk load, whose changes may not be counted yet. */
export async function analyzeTables(db: Kysely<any>, tables: string[]): Promise<void> {
  if (tables.length > 0) await sql`analyze ${sql.join(tables.map((t) => sql.table(t)))}`.execute(db);
}

export interface PlannerStatistics {
  /** Notes that the tables were written; a check follows within the delay. */
  written(): void;
  /** Checks now (and analyzes what is stale); resolves with the tables analyzed. */
  refresh(): Promise<string[]>;
  /** Analyzes every table now, whatever the counters say: for the end of a bulk load, whose changes may not be counted yet. */
  analyzeAll(): Promise<void>;
  /** Waits for a running check and cancels the pending one. */
  close(): Promise<void>;
}

export function createPlannerStatistics(
  db: Kysely<any>,
  tables: string[],
  options: { delayMs?: number; settleMs?: number; ginIndexes?: readonly string[]; onError?: (error: unknown) => void } = {},
): PlannerStatistics {
  const delayMs = options.delayMs ?? 2_000;
  const settleMs = options.settleMs ?? SETTLE_MS;
  let timer: NodeJS.Timeout | null = null;
  let settle: NodeJS.Timeout | null = null;
  let running: Promise<string[]> | null = null;

  async function check(): Promise<string[]> {
    const { rows } = await sql<{ relname: string; live: string; changed: string }>`
      select relname, n_live_tup as live, n_mod_since_analyze as changed from pg_stat_user_tables
      where relid = any(${tables}::regclass[])`.execute(db);
    const stale = rows.filter((r) => Number(r.changed) > BASE_ROWS + SCALE * Number(r.live)).map((r) => r.relname);
    await analyzeTables(db, stale);
    await mergeGinPendingLists(db, options.ginIndexes ?? []);
    return stale;
  }

  function refresh(): Promise<string[]> {
    if (timer) clearTimeout(timer);
    timer = null;
    running ??= check().finally(() => (running = null));
    return running;
  }

  const checkLater = () => refresh().catch((error) => options.onError?.(error));

  return {
    written() {
      if (settle) clearTimeout(settle);
      settle = setTimeout(() => {
        settle = null;
        void checkLater();
      }, settleMs);
      settle.unref();
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        void checkLater();
      }, delayMs);
      timer.unref();
    },
    refresh,
    analyzeAll: () => analyzeTables(db, tables),
    async close() {
      for (const t of [timer, settle]) if (t) clearTimeout(t);
      timer = null;
      settle = null;
      await running?.catch(() => {});
    },
  };
}

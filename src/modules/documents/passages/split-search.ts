import type BetterSqlite3 from 'better-sqlite3';
import { createCpuHeadroom, type CpuHeadroom } from '../../../shared/cpu-headroom.js';
import { createRangeSearchHelper, type RangeSearchHelper, type RangeSearchHelperOptions } from './range-search-helper.js';
import { mergeRanked, rankInRangeSql, type Ranked } from './range-ranking.js';
import { perWorkspace, workspaceFtsTable, workspaceFtsTotals } from './workspace-fts.js';

/*
 * A workspace-wide search of a large room spends its time in FTS5's bm25 ranking of every matched
 * passage (~0.57 µs each; 55-58 ms p50 for a generic question at 20,000 documents), not in the
 * matching. FTS5 takes bm25's statistics from the whole table even under a rowid constraint, so
 * the table split in two rowid ranges, each ranked on its own core, gives every passage the whole
 * query's score, and the best of the two halves' best are the whole query's best. Each half costs
 * more than half (each recounts the statistics: 120 ms whole, 74 + 74 ms halves), so a split pays
 * only while another core is free to run the upper half: it runs when the helper thread is idle
 * and other processes leave the machine enough cores (MIN_FREE_CORES).
 */

/**
 * Passages a workspace's table holds before its searches split. On bench:common-terms rooms (its
 * 12 generic questions, whole query, p50, interleaved) the split saved 1.2 ms of 7.0 at 68,000
 * passages (1,000 documents), 3 of 14 at 169,000, 9 of 28 at 337,000 and 20 of 72 at 1.34 million,
 * for about a third more CPU a search (both threads together). Below about 100,000 passages a
 * search takes a few milliseconds and the core is better left to other work.
 */
export const SPLIT_MIN_ROWS = 100_000;

/**
 * Cores other processes must leave free for a search to split: the asking thread's and most of one
 * for the helper. With another process keeping the second core of this machine busy (a CPU-bound
 * process at nice 0, bench:common-terms --range-split), split searches were slower than whole ones:
 * common-terms p50 70.8 -> 92.6 ms for the 12 generic questions, whole query 77.5 -> 83.4 ms; the
 * helper thread being idle says nothing about the core it would run on.
 */
export const MIN_FREE_CORES = 1.5;

export interface SplitSearchOptions extends Pick<RangeSearchHelperOptions, 'log' | 'ranking'> {
  /** Rows a workspace's table holds before its searches split (SPLIT_MIN_ROWS). */
  minRows?: number;
  /** The thread ranking the upper range (by default one started on first use, on the same database file). */
  helper?: RangeSearchHelper;
  /** What other processes leave of the machine (by default read from the system, once a second). */
  headroom?: CpuHeadroom;
}

export interface SplitSearch {
  /**
   * The best `fetch` passages of the workspace for the query, ranked as two rowid ranges at once:
   * the lower here, the upper on the helper thread. Null, before any work, when this search should
   * run whole here (a small table, other processes busy on the machine, the helper busy or not
   * started); a promise of null when the helper failed after the lower range ran (the whole query
   * then runs here).
   */
  rank(workspaceId: number, ftsQuery: string, fetch: number): Promise<Ranked[] | null> | null;
  close(): Promise<void>;
}

/** The split search of a database file's workspaces; null for an in-memory or temporary database, which another connection cannot open. */
export function createSplitSearch(db: BetterSqlite3.Database, options: SplitSearchOptions = {}): SplitSearch | null {
  const path = databaseFile(db);
  if (!path) return null;
  const minRows = options.minRows ?? SPLIT_MIN_ROWS;
  let helper = options.helper ?? null;
  const headroom = options.headroom ?? createCpuHeadroom();
  const rankBelow = perWorkspace((workspaceId) => db.prepare(rankInRangeSql(db, workspaceId, 'below', options.ranking)));
  // The least and greatest rowid of a workspace's table, from its docsize shadow table (one row per
  // passage, keyed by rowid): two seeks, 0.02 ms at 1.3 million passages. Asked in one select, min
  // and max scan the table (80 ms); a scan of the FTS table itself reads its content table,
  // `passages`, which holds every workspace's rows.
  const boundsOf = perWorkspace((workspaceId) => {
    const docsize = `${workspaceFtsTable(workspaceId)}_docsize`;
    return db.prepare(`select (select min(id) from ${docsize}) as low, (select max(id) from ${docsize}) as high`);
  });
  const points = new Map<number, { rows: number; after: number }>();
  /** Where the workspace's table splits, kept while its row count stays the same; null below minRows. */
  const splitPoint = (workspaceId: number): number | null => {
    const { rows } = workspaceFtsTotals(db, workspaceId);
    if (rows < minRows) return null;
    let point = points.get(workspaceId);
    if (!point || point.rows !== rows) {
      const { low, high } = boundsOf(workspaceId).get() as { low: number | null; high: number | null };
      if (low === null || high === null) return null;
      // The rowid midpoint: which side a passage falls on only balances the work, never changes the result.
      point = { rows, after: Math.floor((low + high) / 2) };
      if (points.size >= 256) points.clear();
      points.set(workspaceId, point);
    }
    return point.after;
  };

  let closed = false;
  return {
    rank(workspaceId, ftsQuery, fetch) {
      if (closed) return null;
      const after = splitPoint(workspaceId);
      if (after === null) return null;
      if (headroom.freeCores() < MIN_FREE_CORES) return null;
      helper ??= createRangeSearchHelper(path, { ...(options.log ? { log: options.log } : {}), ...(options.ranking ? { ranking: options.ranking } : {}) });
      if (!helper.idle()) return null;
      // Each connection reads its own snapshot: a write committed between the two starts shows in one
      // range only, as it would in one of two searches a moment apart.
      const upper = helper.rankAbove(workspaceId, ftsQuery, after, fetch);
      let lower: Ranked[];
      try {
        lower = rankBelow(workspaceId).all(ftsQuery, after, fetch) as Ranked[];
      } catch (error) {
        // A query FTS5 rejects fails here as it would whole; the helper's answer is not wanted.
        upper.catch(() => {});
        throw error;
      }
      return upper.then(
        (above) => mergeRanked(lower, above, fetch),
        () => null,
      );
    },
    async close() {
      closed = true;
      await helper?.close();
    },
  };
}

/** The file of the connection's main database; null when it is in memory or temporary. */
function databaseFile(db: BetterSqlite3.Database): string | null {
  const main = (db.pragma('database_list') as Array<{ name: string; file: string }>).find((d) => d.name === 'main');
  return main && main.file !== '' ? main.file : null;
}

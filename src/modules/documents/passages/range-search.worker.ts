import { parentPort, workerData } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import type { FtsRanking } from '../../../db/fts/folio-bm25.js';
import { lowerToAnsweringPriority } from '../../../shared/thread-priority.js';
import { rankInRangeSql, type RangeMessage, type RangeRequest } from './range-ranking.js';
import { perWorkspace } from './workspace-fts.js';

/*
 * The range-search thread (range-search-helper.ts): ranks the upper rowid range of a workspace-wide
 * search on its own read-only connection while the asking thread ranks the lower one. It does
 * answering work, so it yields the CPU to the main thread as the answering threads do.
 */
const port = parentPort;
if (!port) throw new Error('range-search.worker must run in a worker thread');
lowerToAnsweringPriority();

const { path, ranking } = workerData as { path: string; ranking?: FtsRanking };
// As an answering thread's connection (db/sqlite.ts): wait out a checkpoint or a writer's brief lock.
const db = new BetterSqlite3(path, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
db.pragma('cache_size = -16384');

const rankAbove = perWorkspace((workspaceId) => db.prepare(rankInRangeSql(db, workspaceId, 'above', ranking)));

port.on('message', (request: RangeRequest) => {
  try {
    const rows = rankAbove(request.workspaceId).all(request.ftsQuery, request.after, request.limit) as Array<{ id: number; score: number }>;
    const ids = Float64Array.from(rows, (r) => r.id);
    const scores = Float64Array.from(rows, (r) => r.score);
    port.postMessage({ type: 'ranked', id: request.id, ids, scores } satisfies RangeMessage, [ids.buffer, scores.buffer]);
  } catch (error) {
    port.postMessage({ type: 'failed', id: request.id, message: error instanceof Error ? error.message : String(error) } satisfies RangeMessage);
  }
});
port.postMessage({ type: 'ready' } satisfies RangeMessage);

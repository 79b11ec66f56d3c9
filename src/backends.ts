import type { Config } from './config/config.js';
import { openStore, type OpenedStore } from './db/open.js';
import { createSharedChangeToken } from './db/shared-change-token.js';
import { createWriteCounter } from './db/write-counter.js';
import { createDatabaseRateLimitStore } from './http/database-rate-limit.js';
import { createMemoryRateLimitStore, type RateLimitStore } from './http/rate-limit.js';

export interface Backends {
  opened: OpenedStore;
  /** Rate-limit windows: shared by every process in Redis, or in PostgreSQL without it; in this process on SQLite. */
  rateLimits: RateLimitStore;
  /** What the operator should know about this choice of backends, for the start-up log. */
  notes: string[];
  close(): Promise<void>;
}

/**
 * The composition root's choice of backends: SQLite or PostgreSQL for the metadata and search
 * indexes, Redis or process memory for rate limits and the invalidation of per-process caches.
 */
export async function openBackends(config: Pick<Config, 'databaseUrl' | 'dataDir' | 'redisUrl' | 'redisPrefix'>): Promise<Backends> {
  const notes: string[] = [];
  if (!config.databaseUrl) {
    const opened = await openStore(config);
    if (config.redisUrl) notes.push('FOLIO_REDIS_URL is ignored with the embedded SQLite database (one process)');
    return { opened, rateLimits: createMemoryRateLimitStore(), notes, close: () => opened.close() };
  }
  const writes = createWriteCounter();
  // ioredis is loaded only when Redis is configured.
  const redisModules = config.redisUrl
    ? await Promise.all([import('./db/redis.js'), import('./db/redis-change-feed.js'), import('./http/redis-rate-limit.js')])
    : null;
  const redis = config.redisUrl && redisModules ? redisModules[0].openRedis(config.redisUrl) : null;
  try {
    const feed = redis && redisModules ? await redisModules[1].createRedisChangeFeed(redis, config.redisPrefix, writes) : null;
    const changeToken = createSharedChangeToken({ local: writes.count, ...(feed ? { remote: feed.remote } : {}) });
    const opened = await openStore(config, { changeToken, plugins: [writes.plugin] });
    if (!redis) {
      notes.push('PostgreSQL without FOLIO_REDIS_URL: rate-limit windows are counted in PostgreSQL (a write per lease of up to 256 requests), and cached reads (authentication, the document tree) see writes of other processes within a second');
    }
    return {
      opened,
      rateLimits: redis && redisModules ? redisModules[2].createRedisRateLimitStore(redis, config.redisPrefix) : createDatabaseRateLimitStore(opened.store.db),
      notes,
      async close() {
        await opened.close();
        await feed?.close();
        redis?.disconnect();
      },
    };
  } catch (error) {
    redis?.disconnect();
    throw error;
  }
}

import { Redis } from 'ioredis';

/**
 * A Redis connection for Folio's shared state. Keys and channels are prefixed by the callers
 * with `FOLIO_REDIS_PREFIX` (several deployments may share one Redis). Commands wait while
 * Redis is unreachable (ioredis reconnects) rather than failing at once.
 */
export function openRedis(url: string): Redis {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3, enableAutoPipelining: true });
  // A dropped connection is reconnected by ioredis; the error event must not end the process.
  redis.on('error', () => {});
  return redis;
}

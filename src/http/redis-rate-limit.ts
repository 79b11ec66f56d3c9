import type { Redis } from 'ioredis';
import type { RateLimitStore } from './rate-limit.js';

/*
 * One round trip, atomic: the window (count and reset time, by the caller's clock as the memory
 * store keeps it) is read, renewed when over and counted in one script, so concurrent hits on
 * several processes never both see the same count. The key expires (by Redis's clock) a little
 * after its window, so idle keys leave Redis by themselves.
 */
const HIT = `
local reset = tonumber(redis.call('HGET', KEYS[1], 'r') or '0')
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
if reset <= now then
  reset = now + window
  redis.call('HSET', KEYS[1], 'c', 0, 'r', reset)
  redis.call('PEXPIRE', KEYS[1], window + 60000)
end
local count = redis.call('HINCRBY', KEYS[1], 'c', 1)
return {count, tostring(reset)}
`;

/** Fixed windows shared by every process on one Redis, under `<prefix>rl:`. */
export function createRedisRateLimitStore(redis: Redis, prefix: string): RateLimitStore {
  return {
    async hit(key, windowMs, nowMs) {
      const [count, reset] = (await redis.eval(HIT, 1, `${prefix}rl:${key}`, String(nowMs), String(windowMs))) as [number, string];
      return { count: Number(count), resetAtMs: Number(reset) };
    },
  };
}

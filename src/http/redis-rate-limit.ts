import type { Redis } from 'ioredis';
import { createLeasedRateLimitStore, type WindowLeases } from './leased-rate-limit.js';
import type { RateLimitStore } from './rate-limit.js';

/*
 * One round trip, atomic: the window (count and reset time, by the caller's clock as the memory
 * store keeps it) is read, renewed when over, and a lease counted in one script, so concurrent
 * leases on several processes never overlap. A lease is at most an eighth of what the window has
 * left (at least one hit; exactly one at or past the limit, which the caller then refuses: leaseSize). The
 * key expires (by Redis's clock) a little after its window, so idle keys leave Redis by themselves.
 */
const TAKE = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local want = tonumber(ARGV[3])
local limit = tonumber(ARGV[4])
local reset = tonumber(redis.call('HGET', KEYS[1], 'r') or '0')
local count = 0
if reset <= now then
  reset = now + window
  redis.call('HSET', KEYS[1], 'c', 0, 'r', reset)
  redis.call('PEXPIRE', KEYS[1], window + 60000)
else
  count = tonumber(redis.call('HGET', KEYS[1], 'c') or '0')
end
local grant = 1
if count < limit then grant = math.max(1, math.min(want, math.floor((limit - count) / 8))) end
count = redis.call('HINCRBY', KEYS[1], 'c', grant)
return {count, tostring(reset), grant}
`;

type TakeCommand = (key: string, now: string, window: string, want: string, limit: string) => Promise<[number, string, number]>;

/** Leases of fixed windows in Redis, under `<prefix>rl:`. */
export function createRedisWindowLeases(redis: Redis, prefix: string): WindowLeases {
  // A defined command runs by the script's digest (EVALSHA, loading it on NOSCRIPT) rather than
  // sending its text for Redis to hash on every call.
  if (!('folioRateLimitTake' in redis)) redis.defineCommand('folioRateLimitTake', { numberOfKeys: 1, lua: TAKE });
  const run = (redis as unknown as { folioRateLimitTake: TakeCommand }).folioRateLimitTake.bind(redis);
  return {
    async take(key, want, limit, windowMs, nowMs) {
      const [count, reset, granted] = await run(`${prefix}rl:${key}`, String(nowMs), String(windowMs), String(want), String(limit));
      return { count: Number(count), resetAtMs: Number(reset), granted: Number(granted) };
    },
  };
}

/** Fixed windows shared by every process on one Redis, counted in leases (leased-rate-limit.ts). */
export function createRedisRateLimitStore(redis: Redis, prefix: string): RateLimitStore {
  return createLeasedRateLimitStore(createRedisWindowLeases(redis, prefix));
}

import type { Kysely } from 'kysely';
import { Redis } from 'ioredis';
import type { Database } from '../db/schema';
import { clearBucket, deleteOldWindows, incrementWindow, readWindow, type WindowCount } from '../db/repositories/rateLimits';
import { AppError } from '../errors';

export type { WindowCount };

/**
 * Where the rate limits' window counters live: a bucket's window opens at its first event and
 * lasts `windowMs`; the next event after that opens a new one. Both stores are shared by every
 * server instance that uses them.
 */
export interface WindowStore {
  /** Counts one event (atomically), opening a new window when the current one is over. */
  increment(bucket: string, now: Date, windowMs: number): Promise<WindowCount>;
  /** The events counted in the bucket's current window (count 0 and windowStart now when none). */
  read(bucket: string, now: Date, windowMs: number): Promise<WindowCount>;
  clear(bucket: string): Promise<void>;
  /** Drops buckets whose window started before `before` (Redis expires them by itself). */
  prune(before: Date): Promise<void>;
  close(): Promise<void>;
}

/** The default: the `rate_limits` table of the database every instance shares. */
export function databaseWindows(db: Kysely<Database>): WindowStore {
  return {
    increment: (bucket, now, windowMs) => incrementWindow(db, bucket, now, windowMs),
    read: (bucket, now, windowMs) => readWindow(db, bucket, now, windowMs),
    clear: (bucket) => clearBucket(db, bucket),
    prune: (before) => deleteOldWindows(db, before),
    close: async () => undefined,
  };
}

/**
 * One hash per bucket ({start, count}) changed by a Lua script, so the check and the count are one
 * atomic step on the Redis server, the same rule as the database's upsert. Keys expire a minute
 * after their window would end, so Redis needs no pruning.
 */
const INCREMENT = `
local start = tonumber(redis.call('HGET', KEYS[1], 'start'))
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
if (not start) or (now >= start + window) then
  redis.call('HSET', KEYS[1], 'start', now, 'count', 1)
  redis.call('PEXPIRE', KEYS[1], window + 60000)
  return {1, now}
end
return {redis.call('HINCRBY', KEYS[1], 'count', 1), start}
`;

/** Redis errors reach the member as the 503 envelope a database outage gives, never a 500. */
const unavailable = () =>
  new AppError('SERVICE_UNAVAILABLE', 503, 'The service is briefly unavailable, please try again.', { retryAfterSeconds: 5 });

/** REDIS_URL set: the counters live in Redis under `prefix` (default `pips:rl:`). */
export function redisWindows(url: string, prefix = 'pips:rl:'): WindowStore {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: true, lazyConnect: false });
  // Connection errors are answered per request (503); without a listener ioredis would print them all.
  redis.on('error', () => undefined);
  const key = (bucket: string) => `${prefix}${bucket}`;
  const guard = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw Object.assign(unavailable(), { cause: error });
    }
  };
  return {
    increment: (bucket, now, windowMs) =>
      guard(async () => {
        const [count, start] = (await redis.eval(INCREMENT, 1, key(bucket), now.getTime(), windowMs)) as [number, number];
        return { count: Number(count), windowStart: new Date(Number(start)) };
      }),
    read: (bucket, now, windowMs) =>
      guard(async () => {
        const [start, count] = await redis.hmget(key(bucket), 'start', 'count');
        if (start === null || count === null || now.getTime() >= Number(start) + windowMs) return { count: 0, windowStart: now };
        return { count: Number(count), windowStart: new Date(Number(start)) };
      }),
    clear: (bucket) => guard(async () => void (await redis.del(key(bucket)))),
    prune: async () => undefined,
    close: async () => {
      redis.disconnect();
    },
  };
}

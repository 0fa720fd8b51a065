import fp from 'fastify-plugin';
import type { Limit } from '../../config';
import { rateLimited } from '../../errors';
import { databaseWindows, redisWindows, type WindowCount, type WindowStore } from '../../rateLimits/windows';

/**
 * Window counters kept in the database (or in Redis when REDIS_URL is set), so every server
 * instance sharing it sees the same counts. A bucket's window opens at its first event and lasts the limit's windowSeconds.
 * Buckets are strings such as `login:account:ana@example.com` or `login:address:10.0.0.1`.
 * A limit with max <= 0 is off.
 */
export interface RateLimiter {
  /** Counts one event and throws RATE_LIMITED when it goes over the limit (for "N requests per window"). */
  consume(bucket: string, limit: Limit): Promise<void>;
  /** Throws RATE_LIMITED when the bucket is already at its limit; counts nothing (checked before an attempt). */
  assertAllowed(bucket: string, limit: Limit): Promise<void>;
  /** Counts one failure (after a failed attempt). */
  recordFailure(bucket: string, limit: Limit): Promise<void>;
  /** The events counted in the bucket's current window and when it opened (count 0: no window). */
  peek(bucket: string, limit: Limit): Promise<WindowCount>;
  /** Forgets the bucket and opens a new window with one event now (remembers "the last time"). */
  restart(bucket: string, limit: Limit): Promise<void>;
  /** Forgets a bucket (e.g. an account's failed logins after a successful one). */
  reset(bucket: string): Promise<void>;
}

export function createRateLimiter(store: WindowStore, now: () => Date): RateLimiter {
  let calls = 0;
  const retryAfter = (windowStart: Date, limit: Limit, time: Date) =>
    Math.max(1, Math.ceil((windowStart.getTime() + limit.windowSeconds * 1000 - time.getTime()) / 1000));
  const housekeeping = async (time: Date) => {
    // Now and then drop buckets idle for longer than any limit looks back (a day).
    if (++calls % 500 === 0) await store.prune(new Date(time.getTime() - 24 * 3600 * 1000));
  };
  return {
    async consume(bucket, limit) {
      if (limit.max <= 0) return;
      const time = now();
      const window = await store.increment(bucket, time, limit.windowSeconds * 1000);
      await housekeeping(time);
      if (window.count > limit.max) throw rateLimited(retryAfter(window.windowStart, limit, time));
    },
    async assertAllowed(bucket, limit) {
      if (limit.max <= 0) return;
      const time = now();
      const window = await store.read(bucket, time, limit.windowSeconds * 1000);
      if (window.count >= limit.max) throw rateLimited(retryAfter(window.windowStart, limit, time));
    },
    async recordFailure(bucket, limit) {
      if (limit.max <= 0) return;
      const time = now();
      await store.increment(bucket, time, limit.windowSeconds * 1000);
      await housekeeping(time);
    },
    async peek(bucket, limit) {
      return store.read(bucket, now(), limit.windowSeconds * 1000);
    },
    async restart(bucket, limit) {
      const time = now();
      await store.clear(bucket);
      await store.increment(bucket, time, limit.windowSeconds * 1000);
    },
    async reset(bucket) {
      await store.clear(bucket);
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimiter: RateLimiter;
  }
}

export default fp(
  async (app) => {
    const store = app.config.redisUrl ? redisWindows(app.config.redisUrl, app.config.redisKeyPrefix) : databaseWindows(app.db);
    app.decorate('rateLimiter', createRateLimiter(store, app.now));
    app.addHook('onClose', () => store.close());
  },
  { name: 'rateLimiter', dependencies: ['db', 'core'] },
);

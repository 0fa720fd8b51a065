import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './helpers/databases';
import { call, createHarness, expectFailure, type Harness } from './helpers/harness';

const redisUrl = process.env.TEST_REDIS_URL;

/**
 * REDIS_URL (issue 13): the rate limits' counters live in Redis, shared by every instance that
 * uses it, and the database keeps none; Redis unreachable is a 503 envelope, never a 500.
 */
describe.skipIf(!redisUrl).each(backends.filter((b) => b.name === 'pglite'))('rate limits in Redis on $name', (backend) => {
  const prefix = `pips-test:${randomBytes(6).toString('hex')}:`;
  let h: Harness;
  let redis: Redis;
  beforeAll(async () => {
    h = await createHarness(backend, { redisUrl, redisKeyPrefix: prefix, rateLimits: { loginPerAccount: { max: 3, windowSeconds: 900 } } });
    redis = new Redis(redisUrl!);
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    await h?.close();
  });

  it('counts wrong passwords across two instances in Redis, and none in the database', async () => {
    const other = await h.buildApp({ redisUrl, redisKeyPrefix: prefix, rateLimits: { loginPerAccount: { max: 3, windowSeconds: 900 } } });
    const user = await h.register();
    const wrong = { email: user.email, pwd: 'Wrong-passw0rd' };
    expectFailure(await call(h.app, { method: 'POST', url: '/mobile/login', form: wrong, remoteAddress: '10.1.0.1' }), 401, 'INVALID_CREDENTIALS');
    expectFailure(await call(other, { method: 'POST', url: '/mobile/login', form: wrong, remoteAddress: '10.1.0.1' }), 401, 'INVALID_CREDENTIALS');
    expectFailure(await call(h.app, { method: 'POST', url: '/mobile/login', form: wrong, remoteAddress: '10.1.0.1' }), 401, 'INVALID_CREDENTIALS');
    // Three failures over two instances: the account is at its limit on both.
    const locked = await call(other, { method: 'POST', url: '/mobile/login', form: { email: user.email, pwd: user.password }, remoteAddress: '10.1.0.1' });
    expectFailure(locked, 429, 'RATE_LIMITED');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);

    const keys = await redis.keys(`${prefix}*`);
    expect(keys.some((k) => k.includes(user.email))).toBe(true);
    const rows = await h.db.selectFrom('rate_limits').selectAll().execute();
    expect(rows).toEqual([]);
  });

  it('answers 503 in the envelope when Redis cannot be reached, and keeps serving the calls that have no limit', async () => {
    const cut = await h.buildApp({ redisUrl: 'redis://127.0.0.1:1', redisKeyPrefix: prefix });
    const user = await h.register();
    const login = await call(cut, { method: 'POST', url: '/mobile/login', form: { email: user.email, pwd: user.password } });
    expectFailure(login, 503, 'SERVICE_UNAVAILABLE');
    expect(login.headers['retry-after']).toBe('5');
    const profile = await call(cut, { url: '/mobile/user/get', token: user.authToken });
    expect(profile.status).toBe(200);
  });
});

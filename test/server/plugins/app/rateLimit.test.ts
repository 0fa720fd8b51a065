import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { createRateLimiter } from '../../../../server/plugins/app/rateLimit';
import { databaseWindows, redisWindows, type WindowStore } from '../../../../server/rateLimits/windows';
import { AppError } from '../../../../server/errors';
import { backends } from '../../helpers/databases';
import { call, createHarness, expectFailure, expectOk, uniqueEmail, type Harness } from '../../helpers/harness';

/** A Redis to run the limiter on too (CI exports it; the machine runs one on 6379). */
const redisUrl = process.env.TEST_REDIS_URL;

describe.each(backends)('rate limits on $name', (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(backend, {
      rateLimits: {
        loginPerAccount: { max: 3, windowSeconds: 900 },
        loginPerAddress: { max: 5, windowSeconds: 900 },
        verifyPerAccount: { max: 7, windowSeconds: 900 },
        verifyPerAddress: { max: 8, windowSeconds: 900 },
      },
    });
  });
  afterAll(async () => {
    await h.close();
  });
  beforeEach(async () => {
    await h.reset();
  });
  afterEach(() => {
    expect(h.violations).toEqual([]);
  });

  // The same rules whichever store keeps the counters: the database, or Redis (REDIS_URL).
  const stores: Array<[string, () => WindowStore]> = [
    ['the database', () => databaseWindows(h.db)],
    ...(redisUrl ? ([['Redis', () => redisWindows(redisUrl, `pips-test:${randomBytes(6).toString('hex')}:`)]] as Array<[string, () => WindowStore]>) : []),
  ];
  describe.each(stores)('the limiter on %s', (_, openStore) => {
    let store: WindowStore;
    beforeEach(() => {
      store = openStore();
    });
    afterEach(() => store.close());

    it('counts per bucket and window, and tells when to retry', async () => {
      const limiter = createRateLimiter(store, h.clock.now);
      const limit = { max: 2, windowSeconds: 60 };
      await limiter.consume('a', limit);
      await limiter.consume('a', limit);
      const error = await limiter.consume('a', limit).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('RATE_LIMITED');
      expect((error as AppError).retryAfterSeconds).toBeGreaterThan(0);
      expect((error as AppError).retryAfterSeconds).toBeLessThanOrEqual(60);
      await limiter.consume('b', limit); // another bucket is independent
      h.clock.advance(61);
      await limiter.consume('a', limit); // a new window
    });

    it('checks without counting, records failures and resets', async () => {
      const limiter = createRateLimiter(store, h.clock.now);
      const limit = { max: 2, windowSeconds: 60 };
      await limiter.assertAllowed('f', limit);
      await limiter.assertAllowed('f', limit);
      await limiter.recordFailure('f', limit);
      await limiter.recordFailure('f', limit);
      await expect(limiter.assertAllowed('f', limit)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
      await limiter.reset('f');
      await limiter.assertAllowed('f', limit);
    });

    it('is off when max is 0', async () => {
      const limiter = createRateLimiter(store, h.clock.now);
      for (let i = 0; i < 5; i++) await limiter.consume('off', { max: 0, windowSeconds: 60 });
    });

    it('counts exactly under concurrency', async () => {
      const limiter = createRateLimiter(store, h.clock.now);
      const limit = { max: 10, windowSeconds: 60 };
      const results = await Promise.allSettled(Array.from({ length: 25 }, () => limiter.consume('c', limit)));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    });
  });

  describe('login', () => {
    it('cannot be used to lock a member out: an address that has not been failing gets the right password through', async () => {
      const user = await h.register();
      for (let i = 0; i < 3; i++) {
        expectFailure(await h.login(user.email, 'Wrong-passw0rd', `10.0.0.${i + 1}`), 401, 'INVALID_CREDENTIALS');
      }
      // The account is over its limit: the failing addresses are refused, even with the right password.
      const locked = await h.login(user.email, user.password, '10.0.0.1');
      expectFailure(locked, 429, 'RATE_LIMITED');
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
      // A fresh address still has its password checked: wrong is 401 (and now it is failing too) ...
      expectFailure(await h.login(user.email, 'Wrong-passw0rd', '10.0.0.50'), 401, 'INVALID_CREDENTIALS');
      expectFailure(await h.login(user.email, user.password, '10.0.0.50'), 429, 'RATE_LIMITED');
      // ... and right logs the member in.
      expectOk(await h.login(user.email, user.password, '10.0.0.99'));
      // Another account is not affected.
      const other = await h.register();
      expectOk(await h.login(other.email, other.password, '10.0.0.1'));
      // The lock of the failing addresses ends with the window.
      h.clock.advance(901);
      expectOk(await h.login(user.email, user.password, '10.0.0.2'));
    });

    it('makes an address failing on one account back off: 3 free tries, then 1, 2, 4 ... seconds', async () => {
      const h2 = await h.buildApp({ rateLimits: { loginPerAccount: { max: 20, windowSeconds: 900 }, loginPerAddress: { max: 20, windowSeconds: 900 } } });
      const user = await h.register();
      const login = async (pwd: string) =>
        h2.inject({
          method: 'POST',
          url: '/mobile/login',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({ email: user.email, pwd }).toString(),
          remoteAddress: '10.3.0.1',
        });
      for (let i = 0; i < 3; i++) expect((await login('Wrong-passw0rd')).statusCode).toBe(401);
      const waits: string[] = [];
      for (const seconds of [1, 2, 4, 8]) {
        const refused = await login(user.password);
        expect(refused.statusCode).toBe(429);
        expect(refused.json().error.code).toBe('RATE_LIMITED');
        waits.push(String(refused.headers['retry-after']));
        h.clock.advance(seconds);
        expect((await login('Wrong-passw0rd')).statusCode).toBe(401);
      }
      expect(waits).toEqual(['1', '2', '4', '8']);
      h.clock.advance(16);
      expect((await login(user.password)).statusCode).toBe(200);
      // A success forgets the address's failures: the next mistake is free again.
      expect((await login('Wrong-passw0rd')).statusCode).toBe(401);
      expect((await login(user.password)).statusCode).toBe(200);
    });

    it('locks an address that fails on many accounts', async () => {
      for (let i = 0; i < 5; i++) expectFailure(await h.login(uniqueEmail(), 'Wrong-passw0rd', '10.9.9.9'), 401, 'INVALID_CREDENTIALS');
      const user = await h.register();
      expectFailure(await h.login(user.email, user.password, '10.9.9.9'), 429, 'RATE_LIMITED');
      expectOk(await h.login(user.email, user.password, '10.9.9.8'));
    });

    it('forgets an account failures after a successful login', async () => {
      const user = await h.register();
      for (let i = 0; i < 2; i++) expectFailure(await h.login(user.email, 'Wrong-passw0rd', '10.1.0.1'), 401, 'INVALID_CREDENTIALS');
      expectOk(await h.login(user.email, user.password, '10.1.0.1'));
      for (let i = 0; i < 2; i++) expectFailure(await h.login(user.email, 'Wrong-passw0rd', '10.1.0.3'), 401, 'INVALID_CREDENTIALS');
      expectOk(await h.login(user.email, user.password, '10.1.0.4'));
    });
  });

  describe('verify', () => {
    async function guessWrong(token: string, code: string, remoteAddress: string) {
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      return call(h.app, { method: 'POST', url: '/mobile/verify', token, form: { code: wrong }, remoteAddress });
    }

    it('limits wrong codes per account across resends', async () => {
      const user = await h.register();
      const codes: string[] = [];
      for (let round = 0; round < 2; round++) {
        const code = h.codeFor(user.email);
        for (let i = 0; i < (round === 0 ? 5 : 2); i++) {
          codes.push((await guessWrong(user.authToken, code, `10.2.${round}.${i}`)).body.error.code);
        }
        h.clock.advance(31);
        expectOk(await call(h.app, { method: 'POST', url: '/mobile/verify', token: user.authToken, form: { op: 'resend' } }));
      }
      expect(codes.every((c) => c === 'INVALID_CODE')).toBe(true);
      // 7 wrong codes for this account: even the right one is refused now.
      const right = h.codeFor(user.email);
      expectFailure(
        await call(h.app, { method: 'POST', url: '/mobile/verify', token: user.authToken, form: { code: right }, remoteAddress: '10.2.9.9' }),
        429,
        'RATE_LIMITED',
      );
    });

    it('limits wrong codes per address across accounts', async () => {
      const users = await Promise.all([h.register(), h.register()]);
      for (let i = 0; i < 8; i++) {
        const user = users[i % 2];
        expectFailure(await guessWrong(user.authToken, h.codeFor(user.email), '10.3.3.3'), 400, 'INVALID_CODE');
      }
      const third = await h.register();
      expectFailure(
        await call(h.app, { method: 'POST', url: '/mobile/verify', token: third.authToken, form: { code: h.codeFor(third.email) }, remoteAddress: '10.3.3.3' }),
        429,
        'RATE_LIMITED',
      );
      expectOk(
        await call(h.app, { method: 'POST', url: '/mobile/verify', token: third.authToken, form: { code: h.codeFor(third.email) }, remoteAddress: '10.3.3.4' }),
      );
    });
  });

  describe('per-address limits of public calls', () => {
    it('limits e-mail existence checks per address', async () => {
      const app = await h.buildApp({ rateLimits: { emailExistsPerAddress: { max: 3, windowSeconds: 60 } } });
      const check = (remoteAddress: string) => call(app, { url: '/web/user/email', query: { email: uniqueEmail() }, remoteAddress });
      for (let i = 0; i < 3; i++) expectOk(await check('10.4.4.4'));
      const limited = expectFailure(await check('10.4.4.4'), 429, 'RATE_LIMITED');
      expect(limited.error.code).toBe('RATE_LIMITED');
      expectOk(await check('10.4.4.5'));
    });

    it('limits token requests per address', async () => {
      const app = await h.buildApp({ rateLimits: { tokenizePerAddress: { max: 2, windowSeconds: 60 } } });
      const tokenize = () => call(app, { method: 'POST', url: '/api/tokenize', form: { tokenType: 'register', password: 'Abcdef1!' }, remoteAddress: '10.5.5.5' });
      expectOk(await tokenize());
      expectOk(await tokenize());
      expectFailure(await tokenize(), 429, 'RATE_LIMITED');
    });

    it('has a coarse per-address flood guard on every call', async () => {
      const app = await h.buildApp({ rateLimits: { requestsPerAddress: { max: 3, windowSeconds: 60 } } });
      for (let i = 0; i < 3; i++) expectOk(await call(app, { url: '/api/health', remoteAddress: '10.6.6.6' }));
      const response = await call(app, { url: '/api/health', remoteAddress: '10.6.6.6' });
      expectFailure(response, 429, 'RATE_LIMITED');
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    });
  });
});

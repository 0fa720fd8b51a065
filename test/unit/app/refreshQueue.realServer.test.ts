// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createApi, type Api } from '../../../src/api/client';
import { readAuthToken, storeCredentials, storeRememberMe } from '../../../src/app/credentials';
import { createPendingRequests } from '../../../src/app/pendingRequests';
import { createTokenRefreshLogic } from '../../../src/app/tokenRefreshLogic';
import { createUnauthorizedHandler } from '../../../src/app/unauthorizedHandler';
import type { UnauthorizedHandler } from '../../../src/app/api';
import { ensureDemoCommunity } from '../../../server/db/repositories/communities';
import { migrateToLatest, openDatabase } from '../../../server/db/index';
import { createMemoryMailer } from '../../../server/mail/memoryMailer';
import { createTestClock } from '../../server/helpers/clock';
import { startServer, type StartedServer } from '../../server/helpers/startServer';

/** localStorage for Node: the app's credential store reads and writes it. */
class MemoryStorage {
  private values = new Map<string, string>();
  getItem = (k: string) => this.values.get(k) ?? null;
  setItem = (k: string, v: string) => void this.values.set(k, String(v));
  removeItem = (k: string) => void this.values.delete(k);
  clear = () => this.values.clear();
}

/**
 * The token refresh queue of the PWA (client + machine + parked requests) against the real
 * reference server: ten concurrent calls with an expired auth token cause exactly one refresh
 * call, and all ten succeed with the rotated token.
 */
describe('token refresh queue against the real server', () => {
  const clock = createTestClock();
  const mailer = createMemoryMailer();
  let server: StartedServer;
  let closeDb: () => Promise<void>;
  const refreshCalls: string[] = [];
  let handler: UnauthorizedHandler = async () => null;

  let api: Api;

  beforeAll(async () => {
    (globalThis as { localStorage?: unknown }).localStorage = new MemoryStorage();
    const opened = await openDatabase({ dataDir: 'memory://' });
    await migrateToLatest(opened.db);
    closeDb = opened.close;
    const community = await ensureDemoCommunity(opened.db);
    server = await startServer({ db: opened.db, mailer, now: clock.now, config: { accessTokenTtlSeconds: 60 } });
    api = createApi({
      baseUrl: server.url,
      getToken: readAuthToken,
      onUnauthorized: (stale) => handler(stale),
      fetch: (request) => {
        if (new URL(request.url).pathname === '/mobile/session/refresh') refreshCalls.push(request.url);
        return fetch(request);
      },
    });

    const email = 'queue@example.org';
    const passwordToken = await api.tokenizePassword('Queue-pass1!');
    const registered = await api.registerUser({
      email,
      firstName: 'Queue',
      lastName: 'Tester',
      passwordToken,
      phone: '',
      customTermsAccepted: 'true',
      communityId: community.id,
      dayOfBirth: '1990-01-01',
    });
    if (!registered.success) throw new Error(`register failed: ${registered.error}`);
    storeRememberMe(true);
    storeCredentials({ ...registered.data, email, rememberMe: true });
    const code = /\b(\d{6})\b/.exec(mailer.lastTo(email)!.text)![1];
    const verified = await api.verify({ code });
    if (!verified.success) throw new Error(`verify failed: ${verified.error}`);
  });

  afterAll(async () => {
    await server?.close();
    await closeDb?.();
  });

  it('runs one refresh for ten concurrent unauthorized calls and retries them all', async () => {
    const pending = createPendingRequests();
    const expired: string[] = [];
    const refresher = createActor(
      createTokenRefreshLogic({ api, pending, session: { send: (e) => expired.push(e.type) } }),
    ).start();
    handler = createUnauthorizedHandler({ pending, refresher, readAuthToken });

    const before = readAuthToken();
    expect((await api.getUser()).success).toBe(true);
    clock.advance(61); // the auth token has expired on the server

    const results = await Promise.all(Array.from({ length: 10 }, () => api.getUser()));

    expect(results.map((r) => r.success)).toEqual(Array(10).fill(true));
    expect(refreshCalls).toHaveLength(1);
    expect(readAuthToken()).not.toBe(before);
    expect(expired).toEqual(['session.tokensRefreshed']);
    expect(pending.size).toBe(0);
    refresher.stop();
  });
});

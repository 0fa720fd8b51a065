// @vitest-environment node
// Node's own fetch reaches the real server; the browser objects the app's bindings listen to
// (window, document, navigator, storage) come from a happy-dom window, and IndexedDB from
// fake-indexeddb.
import 'fake-indexeddb/auto';
import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, waitFor, type ActorRefFrom } from 'xstate';
import type { cachedResourceMachine } from '../../../machines/cachedResource.machine';
import { resourceChildId } from '../../../machines/resources.machine';
import type { ResourceRef } from '../../../machines/resources.types';
import { ensureDemoCommunity } from '../../../server/db/repositories/communities';
import { migrateToLatest, openDatabase } from '../../../server/db/index';
import { createMemoryMailer } from '../../../server/mail/memoryMailer';
import { createApi } from '../../../src/api/client';
import { createAppLogic } from '../../../src/actors/appLogic';
import { readAuthToken, storeCredentials } from '../../../src/data/credentials';
import { createTestClock } from '../../server/helpers/clock';
import { migratedPgliteTemplate } from '../../server/helpers/pgliteTemplate';
import { startServer, type StartedServer } from '../../server/helpers/startServer';

const page = new Window({ url: 'http://localhost:5173/' });
// Defined rather than assigned: from Node 21 on, globalThis.navigator is Node's own getter.
for (const [name, value] of Object.entries({
  window: page,
  document: page.document,
  navigator: page.navigator,
  localStorage: page.localStorage,
  sessionStorage: page.sessionStorage,
})) {
  Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
}

/** Ten member loads at once: every list, the balances, the profile, and three reward details. */
const loads: ResourceRef[] = [
  { key: 'dashboard' },
  { key: 'profile' },
  { key: 'giftCards' },
  { key: 'activity' },
  { key: 'earnPromos' },
  { key: 'redeemPromos' },
  { key: 'forms' },
  { key: 'transaction', id: 1 },
  { key: 'transaction', id: 2 },
  { key: 'transaction', id: 3 },
];

/**
 * The app's token refresh (the system's API client, the tokenRefresh actor and its bindings, the
 * session) against the real reference server: ten concurrent calls with an expired auth token
 * cause exactly one refresh call, and all ten go through again with the rotated token.
 */
describe('token refresh queue against the real server', () => {
  const clock = createTestClock();
  const mailer = createMemoryMailer();
  let server: StartedServer;
  let closeDb: () => Promise<void>;
  const refreshCalls: string[] = [];
  /** Each call to the server (not the refresh): its path (and body) and the token it carried. */
  const calls: Array<{ call: string; token: string | null; status: number }> = [];
  let refreshHeldUntil: Promise<void> = Promise.resolve();

  /** Node's fetch to the server, recording every call; the refresh waits for `refreshHeldUntil`. */
  const transport = async (request: Request): Promise<Response> => {
    const { pathname } = new URL(request.url);
    if (pathname === '/mobile/session/refresh') {
      refreshCalls.push(request.url);
      await refreshHeldUntil;
      return fetch(request);
    }
    const body = request.method === 'GET' ? '' : await request.clone().text();
    const response = await fetch(request);
    calls.push({ call: `${pathname}${body ? `?${body}` : ''}`, token: request.headers.get('Authorization'), status: response.status });
    return response;
  };

  beforeAll(async () => {
    const opened = await openDatabase({ dataDir: 'memory://', loadDataDir: await migratedPgliteTemplate() });
    await migrateToLatest(opened.db);
    closeDb = opened.close;
    const community = await ensureDemoCommunity(opened.db);
    server = await startServer({ db: opened.db, mailer, now: clock.now, config: { accessTokenTtlSeconds: 60 } });

    // A verified member, signed in with "keep me logged in" as a login leaves storage.
    const setup = createApi({ baseUrl: server.url, getToken: readAuthToken });
    const email = 'queue@example.org';
    const passwordToken = await setup.tokenizePassword('Queue-pass1!');
    const registered = await setup.registerUser({
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
    storeCredentials({ ...registered.data, email, rememberMe: true });
    const code = /\b(\d{6})\b/.exec(mailer.lastTo(email)!.text)![1];
    const verified = await setup.verify({ code });
    if (!verified.success) throw new Error(`verify failed: ${verified.error}`);
    storeCredentials({ ...registered.data, isVerified: true, email, rememberMe: true });
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await closeDb?.();
    await page.happyDOM.close();
  });

  it('runs one refresh for ten concurrent unauthorized calls and retries them all', async () => {
    const app = createActor(createAppLogic({ baseUrl: server.url, fetch: transport }), { input: { language: 'en' } }).start();
    const resources = app.system.get('resources')!;
    const tokenRefresh = app.system.get('tokenRefresh')!;
    const loadOf = async (ref: ResourceRef) => {
      await waitFor(resources, (s) => s.children[resourceChildId(ref)] !== undefined);
      return resources.getSnapshot().children[resourceChildId(ref)] as ActorRefFrom<typeof cachedResourceMachine>;
    };
    try {
      // Signed in: the session loads the balances and the profile with the valid token.
      await waitFor(app, (s) => s.context.member !== null);
      for (const key of ['dashboard', 'profile'] as const) await waitFor(await loadOf({ key }), (s) => s.matches('succeeded'), { timeout: 20_000 });
      const before = readAuthToken();
      const startedAt = calls.length;

      clock.advance(61); // the auth token has expired on the server
      let releaseRefresh!: () => void;
      refreshHeldUntil = new Promise((resolve) => (releaseRefresh = resolve));
      for (const resource of loads) resources.send({ type: 'resource.open', resource });

      // All ten were refused and wait in the one refresh's queue.
      await waitFor(tokenRefresh, (s) => s.context.queue.length === loads.length, { timeout: 20_000 });
      expect(refreshCalls).toHaveLength(1);
      releaseRefresh();

      const ended = await Promise.all(
        loads.map(async (ref) => (await waitFor(await loadOf(ref), (s) => s.matches('succeeded') || s.matches('failed'), { timeout: 20_000 })).context),
      );
      const after = calls.slice(startedAt);
      expect(after).toHaveLength(2 * loads.length);
      expect(after.slice(0, loads.length).every((call) => call.token === before && call.status === 401)).toBe(true);
      expect(after.slice(loads.length).every((call) => call.token === readAuthToken() && call.status !== 401)).toBe(true);
      expect(refreshCalls).toHaveLength(1);
      expect(readAuthToken()).not.toBe(before);
      // The lists and balances came back; the three made-up reward ids are the server's NOT_FOUND, not a 401.
      expect(ended.map((context) => context.errorCode)).toEqual([null, null, null, null, null, null, null, 'NOT_FOUND', 'NOT_FOUND', 'NOT_FOUND']);
      expect(tokenRefresh.getSnapshot().context).toEqual({ queue: [], errorCode: null });
      expect((app.system.get('session')!.getSnapshot() as { matches(value: unknown): boolean }).matches({ loggedIn: 'verified' })).toBe(true);
    } finally {
      app.stop();
    }
  }, 60_000);
});

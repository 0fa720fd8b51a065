import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import { envelope } from '../screens/fakeFetch';
import { resetData, sessionOf, signIn, startApp, toastsRaised, waitForLoad, waitForMember, type AppActorRef } from '../data/dataTestKit';

const OLD = 'old-token-0123456789';
const NEW = 'new-token-9876543210';

/** The member data loads every call below goes through (the resources actor, as the screens open them). */
const loads = ['dashboard', 'profile', 'giftCards', 'activity', 'earnPromos'] as const;
const paths = ['/mobile/dashboard', '/mobile/user/get', '/mobile/dashboard/giftcards', '/mobile/dashboard/actions', '/mobile/promos/get'];
const answers: Record<string, unknown> = {
  '/mobile/dashboard': { availablePips: 5, totalEarnedPips: 5, totalUsedPips: 0, actions: [] },
  '/mobile/user/get': { userId: 7, firstName: 'Ada', lastName: 'Lovelace', email: 'member7@example.org', isVerified: true },
  '/mobile/dashboard/giftcards': { giftcards: [], page: 1, size: 200, total: 0 },
  '/mobile/dashboard/actions': { actions: [], page: 1, size: 1000, total: 0 },
  '/mobile/promos/get': { promos: [] },
};

/** A gate the test opens. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/**
 * The server: the auth token OLD has expired (401), NEW is good; a refresh hands out NEW for
 * refresh-1. `hold` delays answers: each route's answer to the old token, and the refresh.
 */
function fakeServer({ refreshSucceeds = true, hold = {} as Partial<Record<string, Promise<void>>> } = {}) {
  const refreshes: string[] = [];
  const calls: Array<{ path: string; token: string | null }> = [];
  const fetch = async (request: Request) => {
    const { pathname } = new URL(request.url);
    if (pathname === '/mobile/session/refresh') {
      refreshes.push(new URLSearchParams(await request.text()).get('refreshToken') ?? '');
      await hold.refresh;
      return refreshSucceeds ? envelope({ data: { authToken: NEW, refreshToken: 'refresh-2' } }) : envelope({ status: 401, error: 'INVALID_REFRESH_TOKEN' });
    }
    const token = request.headers.get('Authorization');
    // Only the member loads are counted (the trivia verification also calls at sign-in).
    if (!(pathname in answers)) return envelope({ status: 404, error: 'NOT_FOUND' });
    calls.push({ path: pathname, token });
    if (token === NEW) return envelope({ data: answers[pathname] });
    await hold[pathname];
    return envelope({ status: 401, error: 'UNAUTHORIZED' });
  };
  return { fetch, refreshes, calls };
}

/** Opens the member loads (the session already opened the dashboard and the profile at sign-in). */
function openLoads(app: AppActorRef) {
  for (const key of loads) app.system.get('resources')!.send({ type: 'resource.open', resource: { key } });
}


const tokenRefresh = (app: AppActorRef) => app.system.get('tokenRefresh')!;

beforeEach(() => {
  signIn(7, { authToken: OLD });
  localStorage.setItem('refreshToken', 'refresh-1');
  localStorage.setItem('rememberMe', 'true');
});
afterEach(resetData);

describe("the system's API client (createSystemApi) and its token refresh", () => {
  it('parks concurrent 401s, causes exactly one refresh through the tokenRefresh actor, and retries every call with the new token', async () => {
    const refresh = gate();
    const server = fakeServer({ hold: { refresh: refresh.opened } });
    const app = startApp({ fetch: server.fetch });
    await waitForMember(app, 7);
    openLoads(app);

    // Every load got its 401 and waits in the one refresh's queue.
    await waitFor(tokenRefresh(app), (s) => s.context.queue.length === loads.length);
    expect(tokenRefresh(app).getSnapshot().matches('active')).toBe(true);
    // The one refresh call is on its way (the fake server records it once it has read the body).
    await vi.waitFor(() => expect(server.refreshes).toEqual(['refresh-1']));
    refresh.open();

    for (const key of loads) await waitForLoad(app, key, 'succeeded');
    expect(server.refreshes).toEqual(['refresh-1']);
    for (const path of paths) expect(server.calls.filter((call) => call.path === path).map((call) => call.token)).toEqual([OLD, NEW]);
    expect(localStorage.getItem('authToken')).toBe(NEW);
    expect(localStorage.getItem('refreshToken')).toBe('refresh-2');
    expect(tokenRefresh(app).getSnapshot().context).toEqual({ queue: [], errorCode: null });
    expect(sessionOf(app).matches({ loggedIn: 'verified' })).toBe(true);
  });

  it('retries a call whose 401 arrives after the refresh with the new token at once, without a second refresh', async () => {
    const late = gate();
    const server = fakeServer({ hold: { '/mobile/dashboard': late.opened } });
    const app = startApp({ fetch: server.fetch });
    await waitForMember(app, 7);

    // The profile's 401 refreshes the token while the dashboard's answer (to the old token) is late.
    await waitForLoad(app, 'profile', 'succeeded');
    expect(localStorage.getItem('authToken')).toBe(NEW);
    late.open();

    await waitForLoad(app, 'dashboard', 'succeeded');
    expect(server.refreshes).toEqual(['refresh-1']);
    expect(server.calls.filter((call) => call.path === '/mobile/dashboard').map((call) => call.token)).toEqual([OLD, NEW]);
  });

  it('asks for no refresh when nobody is signed in any more: the 401 is the answer', async () => {
    const late = gate();
    const server = fakeServer({ hold: { '/mobile/dashboard': late.opened, '/mobile/user/get': late.opened } });
    const app = startApp({ fetch: server.fetch });
    await waitForMember(app, 7);
    await waitForLoad(app, 'dashboard', 'loading');
    await waitForLoad(app, 'profile', 'loading');

    // The tokens go while the calls are out (another tab logged out, its storage event not in yet).
    localStorage.clear();
    late.open();

    const dashboard = await waitForLoad(app, 'dashboard', 'failed');
    await waitForLoad(app, 'profile', 'failed');
    expect(dashboard.context.errorCode).toBe('UNAUTHORIZED');
    // The two loads held here (the trivia verification's own call goes out at sign-in too).
    const held = server.calls.filter((call) => call.path === '/mobile/dashboard' || call.path === '/mobile/user/get');
    expect(held.map((call) => call.token)).toEqual([OLD, OLD]);
    expect(server.refreshes).toEqual([]);
    // The refresh queue never started (it would have failed for the missing refresh token).
    expect(tokenRefresh(app).getSnapshot().context).toEqual({ queue: [], errorCode: null });
    expect(toastsRaised()).toEqual([]);
  });
});

describe('the tokenRefresh binding', () => {
  it('does not refresh when the member turned remember-me off: the calls fail, the session ends with the toast', async () => {
    localStorage.setItem('rememberMe', 'false');
    const server = fakeServer();
    const app = startApp({ fetch: server.fetch });
    await waitForMember(app, 7);

    await waitFor(app, () => sessionOf(app).matches('loggedOut'));
    expect(server.refreshes).toEqual([]);
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(toastsRaised()).toContain('error: Your session has expired. Please log in again.');
    expect(tokenRefresh(app).getSnapshot().context).toMatchObject({ queue: [], errorCode: 'REFRESH_DISABLED' });
  });

  it('logs out after the one refresh attempt when the server refuses it', async () => {
    const server = fakeServer({ refreshSucceeds: false });
    const app = startApp({ fetch: server.fetch });
    await waitForMember(app, 7);

    await waitFor(app, () => sessionOf(app).matches('loggedOut'));
    expect(server.refreshes).toEqual(['refresh-1']);
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(toastsRaised()).toEqual(['error: Your session has expired. Please log in again.']);
    // The loads waiting on it ended with their 401.
    expect(server.calls.every((call) => call.token === OLD)).toBe(true);
  });
});

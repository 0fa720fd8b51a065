// Loads fake-indexeddb before Dexie is imported.
import { MEMBER, resetData, sessionOf, signIn, startApp, storedCredentials, waitForLoad, waitForMember } from '../data/dataTestKit';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, createMachine, waitFor, type EventObject } from 'xstate';
import type { StoredCredentials } from '../../../machines/session.types';
import { watchStoredCredentials } from '../../../src/actors/session';
import { fakeFetch, noAnswer, requests } from '../screens/fakeFetch';

/** Another tab changed the shared localStorage: this tab hears the browser's storage event. */
const otherTab = (key: string | null) => window.dispatchEvent(new StorageEvent('storage', { key }));

const forgetCredentials = () => ['authToken', 'refreshToken', 'userId', 'email', 'isVerified'].forEach((key) => localStorage.removeItem(key));

afterEach(resetData);

describe('watchStoredCredentials (the storage event of the session binding)', () => {
  function watch(read: () => StoredCredentials | null) {
    const target = new EventTarget();
    const events: EventObject[] = [];
    const parent = createActor(
      createMachine({ invoke: { src: watchStoredCredentials(target as unknown as Window, read) }, on: { '*': { actions: ({ event }) => void events.push(event) } } }),
    ).start();
    const fire = (key: string | null) => target.dispatchEvent(Object.assign(new Event('storage'), { key }));
    return { events, fire, stop: () => parent.stop() };
  }

  it('reports what is stored when a credential key changes, or the storage is cleared; other keys are ignored', () => {
    let stored: StoredCredentials | null = { authToken: 'a-token-0123456789', userId: '7', email: 'ada@example.org', isVerified: 'true' };
    const { events, fire, stop } = watch(() => stored);
    fire('language');
    fire('pendingCommunity');
    fire('authToken');
    stored = null;
    fire(null);
    fire('isVerified');
    stop();
    fire('authToken');
    expect(events).toEqual([
      { type: 'credentials.changed', stored: { authToken: 'a-token-0123456789', userId: '7', email: 'ada@example.org', isVerified: 'true' } },
      { type: 'credentials.changed', stored: null },
      { type: 'credentials.changed', stored: null },
    ]);
  });
});

describe('every tab follows a login or logout made in another (the session in the app system)', () => {
  it('another tab logs in: this tab restores that session and loads the member data', async () => {
    const sent = fakeFetch({ 'GET /mobile/dashboard': { data: { availablePips: 1, totalEarnedPips: 1, totalUsedPips: 0, actions: [] } } });
    const app = startApp();
    await waitFor(app.system.get('session')!, (s) => s.matches('loggedOut'));

    signIn(MEMBER);
    otherTab('authToken');

    await waitForMember(app, MEMBER);
    expect(sessionOf(app).context).toMatchObject({ userId: MEMBER, email: 'member7@example.org', isVerified: true, hasAuthToken: true });
    await waitForLoad(app, 'dashboard', 'succeeded');
    expect(sent.find((r) => r.path === '/mobile/dashboard')?.headers.authorization).toBe(storedCredentials().authToken);
  });

  it('another tab logs out: this tab forgets the session, stops the member loads and the sync', async () => {
    signIn(MEMBER);
    fakeFetch({});
    const app = startApp({ connectivity: { isOnline: () => false } });
    await waitForMember(app, MEMBER);

    forgetCredentials();
    otherTab('authToken');

    expect(sessionOf(app).matches('loggedOut')).toBe(true);
    await waitForMember(app, null);
    expect(app.system.get('resources')!.getSnapshot().children).toEqual({});
    expect(app.system.get('connectivitySync')!.getSnapshot().matches({ sync: 'signedOut' })).toBe(true);
  });

  it('a storage cleared in another tab (key null) counts as a logout', async () => {
    signIn(MEMBER);
    fakeFetch({});
    const app = startApp();
    await waitForMember(app, MEMBER);
    localStorage.clear();
    otherTab(null);
    expect(sessionOf(app).matches('loggedOut')).toBe(true);
  });

  it('a change of another key (the language) is not a logout', async () => {
    signIn(MEMBER);
    fakeFetch({});
    const app = startApp();
    await waitForMember(app, MEMBER);
    // Were the event read as a credentials change, the emptied storage would log this tab out.
    forgetCredentials();
    localStorage.setItem('language', 'es');
    otherTab('language');
    expect(sessionOf(app).matches({ loggedIn: 'verified' })).toBe(true);
  });

  it('another tab signs another member in: this tab drops its member and takes the new one', async () => {
    signIn(7);
    fakeFetch({});
    const app = startApp();
    await waitForMember(app, 7);
    signIn(8);
    otherTab('userId');
    await waitForMember(app, 8);
    expect(sessionOf(app).context).toMatchObject({ userId: 8, email: 'member8@example.org' });
  });

  it('another tab verifies the member: this tab lets them in too', async () => {
    signIn(MEMBER, { verified: false });
    fakeFetch({});
    const app = startApp();
    await waitFor(app.system.get('session')!, (s) => s.matches({ loggedIn: 'unverified' }));
    localStorage.setItem('isVerified', 'true');
    otherTab('isVerified');
    await waitForMember(app, MEMBER);
    expect(sessionOf(app).matches({ loggedIn: 'verified' })).toBe(true);
  });
});

describe('app start (the readStored seam and restoreFrom)', () => {
  it('restores a stored session, and refuses a token too short to be one', async () => {
    fakeFetch({});
    const restored = startApp({ readStored: () => storedCredentials(MEMBER) });
    await waitForMember(restored, MEMBER);

    const refused = startApp({ readStored: () => ({ ...storedCredentials(MEMBER), authToken: 'short' }) });
    await waitFor(refused.system.get('session')!, (s) => !s.hasTag('pending'));
    expect(sessionOf(refused).matches('loggedOut')).toBe(true);
  });
});

describe('logout ends the session on the server (the revokeSession step and the pending logouts)', () => {
  const pending = () => JSON.parse(localStorage.getItem('pendingLogouts') ?? '[]') as unknown[];

  it('online: calls the logout with both stored tokens after the user data is cleared, then forgets them', async () => {
    const stored = signIn(MEMBER);
    const sent = fakeFetch({ 'POST /mobile/session/logout': { data: { status: 'OK' } } });
    const app = startApp();
    await waitForMember(app, MEMBER);
    app.system.get('session')!.send({ type: 'user.logout' });
    await waitFor(app.system.get('session')!, (s) => s.matches('loggedOut'));
    const logouts = requests(sent, 'POST', '/mobile/session/logout');
    expect(logouts.map((r) => r.form)).toEqual([{ authToken: stored.authToken, refreshToken: stored.refreshToken }]);
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(pending()).toEqual([]);
  });

  it('offline: logs out at once, keeps the tokens in the queue and sends them when the browser is online again', async () => {
    const stored = signIn(MEMBER);
    let reachable = false;
    const sent = fakeFetch({ 'POST /mobile/session/logout': () => (reachable ? { data: { status: 'OK' } } : noAnswer()) });
    const app = startApp({ connectivity: { isOnline: () => false } });
    await waitForMember(app, MEMBER);
    app.system.get('session')!.send({ type: 'user.logout' });
    await waitFor(app.system.get('session')!, (s) => s.matches('loggedOut'));
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(pending()).toEqual([{ authToken: stored.authToken, refreshToken: stored.refreshToken }]);
    await waitFor(app.system.get('pendingLogouts')!, (s) => s.matches('waiting'));

    reachable = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(app.system.get('pendingLogouts')!, (s) => s.matches('idle'));
    expect(pending()).toEqual([]);
    const forms = requests(sent, 'POST', '/mobile/session/logout').map((r) => r.form);
    expect(forms.at(-1)).toEqual({ authToken: stored.authToken, refreshToken: stored.refreshToken });
  });

  it('sends logouts left from an earlier visit at app start', async () => {
    localStorage.setItem('pendingLogouts', JSON.stringify([{ authToken: 'old-auth-token-0123456789' }, { refreshToken: 'old-refresh-token-01234' }, 'junk']));
    const sent = fakeFetch({ 'POST /mobile/session/logout': { data: { status: 'OK' } } });
    const app = startApp();
    await waitFor(app.system.get('pendingLogouts')!, (s) => s.matches('idle'));
    expect(requests(sent, 'POST', '/mobile/session/logout').map((r) => r.form)).toEqual([
      { authToken: 'old-auth-token-0123456789' },
      { refreshToken: 'old-refresh-token-01234' },
    ]);
    expect(pending()).toEqual([]);
  });
});

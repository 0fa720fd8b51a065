import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { sessionMachine } from '../../machines/session.machine';
import { selectAccess } from '../../machines/session.selectors';
import type { StoredCredentials } from '../../machines/session.types';
import { action, actorStarted, actorStopped, received, sendAction, startRecorded } from './recording';
import { registration, stored } from './sessionFixtures';

/*
 * The session as the rest of the app sees it: what it tells the resources and the token refresh,
 * the e-mail verification it invokes, and how it follows the other tabs (every effect recorded).
 * Its own logins, logouts and restores are in session.test.ts.
 */

const resetTokenRefresh = sendAction('resetTokenRefresh', 'tokenRefresh', { type: 'session.reset' });
const loadVerifiedData = [
  received('resources', { type: 'resource.open', resource: { key: 'dashboard' } }),
  received('resources', { type: 'resource.open', resource: { key: 'profile' } }),
];

/** A session restored (or not) from `found`, with every effect recorded. */
function restored(found: StoredCredentials | null) {
  const session = startRecorded(sessionMachine);
  session.resolve('restoreSession', found);
  session.log.take();
  return session;
}

describe('what the session tells the rest of the app', () => {
  it('a verified member makes the resources load the dashboard and the profile', () => {
    const session = startRecorded(sessionMachine);
    session.resolve('restoreSession', stored());
    expect(session.log.take()).toEqual([
      actorStarted('watchStoredCredentials'),
      actorStarted('restoreSession'),
      action('applyRestoredCredentials', { authToken: 'token-0123456789' }),
      ...loadVerifiedData,
    ]);
    session.stop();
  });

  it('logging out first drops the calls waiting for a token (the token refresh is told)', () => {
    const session = restored(stored());
    session.send({ type: 'user.logout' });
    expect(session.log.take()).toEqual([resetTokenRefresh, actorStarted('unregisterPush', { userId: 42, deviceId: null, reason: 'USER' })]);
    session.stop();
  });

  it.each([
    ['login', { type: 'user.login', email: 'ana@example.com', pwd: 'wrong', rememberMe: true } as const],
    ['register', { type: 'user.register', payload: registration } as const],
  ])('notifyAuthFailed: a failed %s tells the member, with the code', (attempt, start) => {
    const session = restored(null);
    session.send(start);
    session.resolve(attempt, { ok: false, code: 'INVALID_CREDENTIALS' });
    session.send(start);
    session.resolve(attempt, { ok: true, authToken: '', refreshToken: '', userId: 42, isVerified: true });
    session.send(start);
    session.reject(attempt);
    const told = session.log.take().filter((e) => 'action' in e);
    expect(told).toEqual([
      action('notifyAuthFailed', { attempt, code: 'INVALID_CREDENTIALS' }),
      action('notifyAuthFailed', { attempt, code: 'NO_AUTH_TOKEN' }),
      action('notifyAuthFailed', { attempt, code: 'UNKNOWN_ERROR' }),
    ]);
    session.stop();
  });
});

describe('the e-mail verification (invoked while unverified)', () => {
  it('runs only while the member is unverified; its end verifies the member, stores it and loads the verified data', () => {
    const session = startRecorded(sessionMachine);
    session.resolve('restoreSession', stored({ isVerified: 'false' }));
    expect(session.log.take().at(-1)).toEqual(actorStarted('verification', { codeJustSent: false }));
    expect(selectAccess(session.actor.getSnapshot())).toBe('unverified');
    session.resolve('verification');
    expect(session.log.take()).toEqual([action('storeVerified'), ...loadVerifiedData]);
    expect(selectAccess(session.actor.getSnapshot())).toBe('verified');
    session.stop();
  });

  it('after a registration it is told the server has just mailed a code; after a login, not', () => {
    const registered = restored(null);
    registered.send({ type: 'user.register', payload: registration });
    registered.resolve('register', { ok: true, authToken: 'token-0123456789', refreshToken: 'refresh', userId: 42, isVerified: false });
    expect(registered.log.take().at(-1)).toEqual(actorStarted('verification', { codeJustSent: true }));
    registered.stop();
    const loggedIn = restored(null);
    loggedIn.send({ type: 'user.login', email: 'ana@example.com', pwd: 'Secret-123', rememberMe: false });
    loggedIn.resolve('login', { ok: true, authToken: 'token-0123456789', refreshToken: 'refresh', userId: 42, isVerified: false });
    expect(loggedIn.log.take().at(-1)).toEqual(actorStarted('verification', { codeJustSent: false }));
    loggedIn.stop();
  });

  it('is stopped when the member logs out before verifying', () => {
    const session = restored(stored({ isVerified: 'false' }));
    session.send({ type: 'user.logout' });
    expect(session.log.take()).toEqual([resetTokenRefresh, actorStopped('verification'), actorStarted('unregisterPush', { userId: 42, deviceId: null, reason: 'USER' })]);
    session.stop();
  });

  it('is a real child with the systemId "verification": the verify screen reaches it', async () => {
    const actor = createActor(sessionMachine.provide({ actors: { restoreSession: fromPromise<StoredCredentials | null>(async () => stored({ isVerified: 'false' })) } })).start();
    await waitFor(actor, (s) => s.matches({ loggedIn: 'unverified' }));
    expect(actor.system.get('verification')).toBeDefined();
    actor.send({ type: 'user.verified' });
    expect(actor.system.get('verification')).toBeUndefined();
    actor.stop();
  });
});

describe('credentials.changed: following the other tabs', () => {
  it('a login in another tab signs this tab in with the same session', () => {
    const session = restored(null);
    session.send({ type: 'credentials.changed', stored: stored({ userId: '9', email: 'grace@example.com' }) });
    expect(session.log.take()).toEqual(loadVerifiedData);
    expect(session.actor.getSnapshot().context).toMatchObject({ userId: 9, email: 'grace@example.com', isAuthenticated: true, hasAuthToken: true });
    session.stop();
  });

  it("another member signed in elsewhere replaces this tab's member, dropping its waiting calls", () => {
    const session = restored(stored());
    session.send({ type: 'navigation.denied', origin: '/rewards' });
    session.send({ type: 'credentials.changed', stored: stored({ userId: '9', email: 'grace@example.com', isVerified: 'false' }) });
    expect(session.log.take()).toEqual([resetTokenRefresh, actorStarted('verification', { codeJustSent: false })]);
    expect(session.actor.getSnapshot().context).toMatchObject({ userId: 9, email: 'grace@example.com', isVerified: false });
    session.stop();
  });

  it('a logout in another tab signs this tab out, without running the logout steps again', () => {
    const session = restored(stored());
    session.send({ type: 'credentials.changed', stored: null });
    expect(session.log.take()).toEqual([resetTokenRefresh]);
    expect(selectAccess(session.actor.getSnapshot())).toBe('anonymous');
    expect(session.actor.getSnapshot().context.userId).toBeNull();
    session.stop();
  });

  it('a verification in another tab verifies this tab', () => {
    const session = restored(stored({ isVerified: 'false' }));
    session.send({ type: 'credentials.changed', stored: stored({ isVerified: 'true' }) });
    expect(session.log.take()).toEqual([actorStopped('verification'), ...loadVerifiedData]);
    expect(selectAccess(session.actor.getSnapshot())).toBe('verified');
    session.stop();
  });

  it('the same session stored again changes nothing; a sign-out elsewhere while signed out neither', () => {
    const session = restored(stored());
    session.send({ type: 'credentials.changed', stored: stored() });
    expect(session.log.take()).toEqual([]);
    const out = restored(null);
    out.send({ type: 'credentials.changed', stored: null });
    expect(out.actor.getSnapshot().matches({ loggedOut: 'idle' })).toBe(true);
    session.stop();
    out.stop();
  });
});

import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { isRestorable, restoreFrom, sessionMachine } from '../../machines/session.machine';
import { selectAccess } from '../../machines/session.selectors';
import type { AuthResult, LoginInput, LogoutInput, RegistrationPayload, StoredCredentials } from '../../machines/session.types';
import { authOk, registration, stored } from './sessionFixtures';

interface Fakes {
  restore?: () => Promise<StoredCredentials | null>;
  login?: (input: LoginInput) => Promise<AuthResult>;
  register?: (input: RegistrationPayload) => Promise<AuthResult>;
  unregisterPush?: (input: LogoutInput) => Promise<void>;
  clearUserData?: (input: LogoutInput) => Promise<void>;
}

/** A session actor with fake adapters; `calls` logs every effect in order, with its params. */
function startSession(fakes: Fakes = {}) {
  const calls: Array<[string, unknown?]> = [];
  const log = (name: string) => (_: unknown, params?: unknown) => void calls.push([name, params]);
  const machine = sessionMachine.provide({
    actors: {
      restoreSession: fromPromise(async () => (fakes.restore ? fakes.restore() : null)),
      login: fromPromise<AuthResult, LoginInput>(async ({ input }) => {
        calls.push(['login', input]);
        return fakes.login ? fakes.login(input) : authOk();
      }),
      register: fromPromise<AuthResult, RegistrationPayload>(async ({ input }) => {
        calls.push(['register', input]);
        return fakes.register ? fakes.register(input) : authOk();
      }),
      unregisterPush: fromPromise<void, LogoutInput>(async ({ input }) => {
        calls.push(['unregisterPush', input]);
        await fakes.unregisterPush?.(input);
      }),
      clearUserData: fromPromise<void, LogoutInput>(async ({ input }) => {
        calls.push(['clearUserData', input]);
        await fakes.clearUserData?.(input);
      }),
    },
    actions: {
      storeCredentials: log('storeCredentials'),
      applyRestoredCredentials: log('applyRestoredCredentials'),
      storeVerified: log('storeVerified'),
      loadVerifiedData: log('loadVerifiedData'),
      notifyLogoutError: log('notifyLogoutError'),
      clearTokens: log('clearTokens'),
      clearPersistedState: log('clearPersistedState'),
    },
  });
  const actor = createActor(machine).start();
  const names = () => calls.map(([name]) => name);
  return { actor, calls, names };
}

const flags = (s: { context: { isAuthenticated: boolean; isDevAuthenticated: boolean; isLoggingOut: boolean } }) => ({
  isAuthenticated: s.context.isAuthenticated,
  isDevAuthenticated: s.context.isDevAuthenticated,
  isLoggingOut: s.context.isLoggingOut,
});

async function loggedOut(fakes: Fakes = {}) {
  const session = startSession(fakes);
  await waitFor(session.actor, (s) => s.matches('loggedOut'));
  return session;
}

describe('isRestorable', () => {
  it.each([
    ['a complete record', stored(), true],
    ['a numeric userId', stored({ userId: 42 }), true],
    ['a token of exactly 10 characters', stored({ authToken: '0123456789' }), true],
    ['an unverified user', stored({ isVerified: 'false' }), true],
    ['nothing stored', null, false],
    ['a token of 9 characters', stored({ authToken: '012345678' }), false],
    ['no token', stored({ authToken: null }), false],
    ['a non-numeric userId', stored({ userId: 'abc' }), false],
    ['an empty userId', stored({ userId: '' }), false],
    ['userId 0', stored({ userId: '0' }), false],
    ['a fractional userId', stored({ userId: '4.2' }), false],
    ['NaN userId', stored({ userId: Number.NaN }), false],
    ['no e-mail', stored({ email: null }), false],
    ['an e-mail without @', stored({ email: 'ana.example.com' }), false],
  ])('%s -> %s', (_, value, expected) => {
    expect(isRestorable(value)).toBe(expected);
  });

  it('parses the stored strings', () => {
    expect(restoreFrom(stored({ isVerified: 'true' }))).toEqual({
      authToken: 'token-0123456789',
      userId: 42,
      email: 'ana@example.com',
      isVerified: true,
    });
    expect(restoreFrom(stored({ isVerified: null }))?.isVerified).toBe(false);
  });
});

describe('app start', () => {
  it('is pending while storage is read', () => {
    const { actor } = startSession({ restore: () => new Promise(() => {}) });
    expect(selectAccess(actor.getSnapshot())).toBe('pending');
  });

  it('restores a verified user, restores the auth header, then loads the verified data', async () => {
    const { actor, calls } = startSession({ restore: async () => stored() });
    const s = await waitFor(actor, (s) => s.matches({ loggedIn: 'verified' }));
    expect(s.context).toMatchObject({ userId: 42, email: 'ana@example.com', isVerified: true, hasAuthToken: true, isAuthenticated: true });
    expect(calls).toEqual([['applyRestoredCredentials', { authToken: 'token-0123456789' }], ['loadVerifiedData', undefined]]);
    expect(selectAccess(s)).toBe('verified');
  });

  it('restores an unverified user to /verify without loading verified data', async () => {
    const { actor, names } = startSession({ restore: async () => stored({ isVerified: 'false' }) });
    const s = await waitFor(actor, (s) => s.matches({ loggedIn: 'unverified' }));
    expect(names()).toEqual(['applyRestoredCredentials']);
    expect(selectAccess(s)).toBe('unverified');
  });

  it.each([
    ['nothing stored', async () => null],
    ['a short token', async () => stored({ authToken: 'short' })],
    ['a broken storage read', async () => Promise.reject(new Error('storage'))],
  ])('goes to logged out on %s', async (_, restore) => {
    const { actor, names } = startSession({ restore });
    const s = await waitFor(actor, (s) => s.matches('loggedOut'));
    expect(s.context.isAuthenticated).toBe(false);
    expect(names()).toEqual([]);
    expect(selectAccess(s)).toBe('anonymous');
  });
});

describe('login', () => {
  it('sends only email and pwd, stores the credentials, and lands a verified user on verified', async () => {
    const { actor, calls } = await loggedOut({ login: async () => authOk({ isVerified: true }) });
    actor.send({ type: 'user.login', email: 'ana@example.com', pwd: 'Secret#123', rememberMe: true });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    const s = await waitFor(actor, (s) => s.matches({ loggedIn: 'verified' }));
    expect(calls).toEqual([
      ['login', { email: 'ana@example.com', pwd: 'Secret#123' }],
      [
        'storeCredentials',
        {
          auth: { authToken: 'fresh-token-0123', refreshToken: 'refresh-0123', userId: 42, isVerified: true },
          email: 'ana@example.com',
          rememberMe: true,
        },
      ],
      ['loadVerifiedData', undefined],
    ]);
    expect(s.context).toMatchObject({ userId: 42, email: 'ana@example.com', isVerified: true, hasAuthToken: true, errorCode: null });
  });

  it('sets authenticated and clears dev and logging-out', async () => {
    const { actor } = await loggedOut();
    actor.send({ type: 'user.login', email: 'ana@example.com', pwd: 'Secret#123', rememberMe: false });
    const s = await waitFor(actor, (s) => s.matches({ loggedIn: 'unverified' }));
    expect(flags(s)).toEqual({ isAuthenticated: true, isDevAuthenticated: false, isLoggingOut: false });
    expect(s.context.rememberMe).toBe(false);
  });

  it('keeps an unverified user on unverified until the code is verified', async () => {
    const { actor, names } = await loggedOut();
    actor.send({ type: 'user.login', email: 'ana@example.com', pwd: 'Secret#123', rememberMe: true });
    await waitFor(actor, (s) => s.matches({ loggedIn: 'unverified' }));
    expect(names()).not.toContain('loadVerifiedData');
    actor.send({ type: 'user.verified' });
    const s = actor.getSnapshot();
    expect(s.matches({ loggedIn: 'verified' })).toBe(true);
    expect(s.context.isVerified).toBe(true);
    expect(names().slice(-2)).toEqual(['storeVerified', 'loadVerifiedData']);
  });

  it('stays logged out with the server code on an expected failure', async () => {
    const { actor, names } = await loggedOut({ login: async () => ({ ok: false, code: 'INVALID_CREDENTIALS' }) });
    actor.send({ type: 'user.login', email: 'ana@example.com', pwd: 'wrong', rememberMe: true });
    const s = await waitFor(actor, (s) => s.matches({ loggedOut: 'idle' }) && s.context.errorCode !== null);
    expect(s.context).toMatchObject({ errorCode: 'INVALID_CREDENTIALS', email: null, isAuthenticated: false, hasAuthToken: false });
    expect(names()).toEqual(['login']);
  });

  it('stays logged out when the answer carries no token', async () => {
    const { actor, names } = await loggedOut({ login: async () => authOk({ authToken: '' }) });
    actor.send({ type: 'user.login', email: 'ana@example.com', pwd: 'Secret#123', rememberMe: true });
    const s = await waitFor(actor, (s) => s.matches({ loggedOut: 'idle' }) && s.context.errorCode !== null);
    expect(s.context).toMatchObject({ errorCode: 'NO_AUTH_TOKEN', isAuthenticated: false });
    expect(names()).toEqual(['login']);
  });

  it('reports UNKNOWN_ERROR when the adapter throws', async () => {
    const { actor } = await loggedOut({ login: async () => Promise.reject(new Error('bug')) });
    actor.send({ type: 'user.login', email: 'ana@example.com', pwd: 'Secret#123', rememberMe: true });
    const s = await waitFor(actor, (s) => s.context.errorCode !== null);
    expect(s.matches({ loggedOut: 'idle' })).toBe(true);
    expect(s.context.errorCode).toBe('UNKNOWN_ERROR');
  });

  it('clears the previous error when a new attempt starts', async () => {
    let answer: AuthResult = { ok: false, code: 'INVALID_CREDENTIALS' };
    const { actor } = await loggedOut({ login: async () => answer });
    actor.send({ type: 'user.login', email: 'ana@example.com', pwd: 'wrong', rememberMe: true });
    await waitFor(actor, (s) => s.context.errorCode !== null);
    answer = authOk();
    actor.send({ type: 'user.login', email: 'ana@example.com', pwd: 'Secret#123', rememberMe: true });
    expect(actor.getSnapshot().context.errorCode).toBeNull();
    await waitFor(actor, (s) => s.matches('loggedIn'));
  });
});

describe('register and dev login', () => {
  it('register hands the whole payload to the adapter and leads to /verify, authenticated', async () => {
    const { actor, calls } = await loggedOut();
    actor.send({ type: 'user.register', payload: registration });
    const s = await waitFor(actor, (s) => s.matches({ loggedIn: 'unverified' }));
    expect(calls[0]).toEqual(['register', registration]);
    expect(calls[1]).toEqual([
      'storeCredentials',
      { auth: { authToken: 'fresh-token-0123', refreshToken: 'refresh-0123', userId: 42, isVerified: false }, email: 'new@example.com', rememberMe: false },
    ]);
    expect(flags(s)).toEqual({ isAuthenticated: true, isDevAuthenticated: false, isLoggingOut: false });
  });

  it('register failure keeps the server code', async () => {
    const { actor } = await loggedOut({ register: async () => ({ ok: false, code: 'EMAIL_TAKEN' }) });
    actor.send({ type: 'user.register', payload: registration });
    const s = await waitFor(actor, (s) => s.context.errorCode !== null);
    expect(s.matches({ loggedOut: 'idle' })).toBe(true);
    expect(s.context.errorCode).toBe('EMAIL_TAKEN');
  });

  it('dev login sets authenticated and dev-authenticated', async () => {
    const { actor } = await loggedOut();
    actor.send({ type: 'user.devLogin' });
    const s = actor.getSnapshot();
    expect(s.matches({ loggedIn: 'unverified' })).toBe(true);
    expect(flags(s)).toEqual({ isAuthenticated: true, isDevAuthenticated: true, isLoggingOut: false });
  });
});

describe('logout', () => {
  async function verifiedSession(fakes: Fakes = {}) {
    const session = startSession({ restore: async () => stored(), ...fakes });
    await waitFor(session.actor, (s) => s.matches({ loggedIn: 'verified' }));
    session.calls.length = 0;
    return session;
  }

  it('start-logout sets logging-out; the steps run in order; logout clears all', async () => {
    let release!: () => void;
    const { actor, calls, names } = await verifiedSession({ unregisterPush: () => new Promise<void>((r) => (release = r)) });
    actor.send({ type: 'user.logout' });
    expect(actor.getSnapshot().matches('loggingOut')).toBe(true);
    expect(flags(actor.getSnapshot())).toEqual({ isAuthenticated: true, isDevAuthenticated: false, isLoggingOut: true });
    // Not anonymous before the tokens are gone: a guard must not send the member to /login
    // while a reload would still restore the session.
    expect(selectAccess(actor.getSnapshot())).toBe('verified');
    release();
    const s = await waitFor(actor, (s) => s.matches('loggedOut'));
    expect(selectAccess(s)).toBe('anonymous');
    expect(names()).toEqual(['unregisterPush', 'clearUserData', 'clearTokens', 'clearPersistedState']);
    expect(calls[0]).toEqual(['unregisterPush', { userId: 42, deviceId: null, reason: 'USER' }]);
    expect(flags(s)).toEqual({ isAuthenticated: false, isDevAuthenticated: false, isLoggingOut: false });
    expect(s.context).toMatchObject({ userId: null, email: null, isVerified: false, hasAuthToken: false, logoutReason: 'USER', errorCode: null });
  });

  it('a failing push unregistration notifies and still clears local data', async () => {
    const { actor, calls, names } = await verifiedSession({ unregisterPush: async () => Promise.reject(new Error('push')) });
    actor.send({ type: 'user.logout' });
    const s = await waitFor(actor, (s) => s.matches('loggedOut'));
    expect(names()).toEqual(['unregisterPush', 'notifyLogoutError', 'clearUserData', 'clearTokens', 'clearPersistedState']);
    expect(calls[1]).toEqual(['notifyLogoutError', { step: 'unregisterPush', error: new Error('push') }]);
    expect(flags(s)).toEqual({ isAuthenticated: false, isDevAuthenticated: false, isLoggingOut: false });
  });

  it('a failing local clear notifies and still clears tokens and stores', async () => {
    const { actor, names } = await verifiedSession({ clearUserData: async () => Promise.reject(new Error('dexie')) });
    actor.send({ type: 'user.logout' });
    await waitFor(actor, (s) => s.matches('loggedOut'));
    expect(names()).toEqual(['unregisterPush', 'clearUserData', 'notifyLogoutError', 'clearTokens', 'clearPersistedState']);
  });

  it('session.expired logs out with reason SESSION_EXPIRED', async () => {
    const { actor, calls } = await verifiedSession();
    actor.send({ type: 'session.expired' });
    const s = await waitFor(actor, (s) => s.matches('loggedOut'));
    expect(calls[0]).toEqual(['unregisterPush', { userId: 42, deviceId: null, reason: 'SESSION_EXPIRED' }]);
    expect(s.context.logoutReason).toBe('SESSION_EXPIRED');
  });

  it('dev login is cleared by logout', async () => {
    const { actor } = await verifiedSession();
    actor.send({ type: 'user.devLogin' });
    expect(actor.getSnapshot().context.isDevAuthenticated).toBe(true);
    actor.send({ type: 'user.logout' });
    const s = await waitFor(actor, (s) => s.matches('loggedOut'));
    expect(s.context.isDevAuthenticated).toBe(false);
  });
});

describe('origin', () => {
  it('is remembered while logged out, kept through login, consumed after, cleared by logout', async () => {
    const { actor } = await loggedOut();
    actor.send({ type: 'navigation.denied', origin: '/rewards' });
    expect(actor.getSnapshot().context.origin).toBe('/rewards');
    actor.send({ type: 'user.login', email: 'ana@example.com', pwd: 'Secret#123', rememberMe: true });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    expect(actor.getSnapshot().context.origin).toBe('/rewards');
    actor.send({ type: 'navigation.originConsumed' });
    expect(actor.getSnapshot().context.origin).toBeNull();

    actor.send({ type: 'user.logout' });
    await waitFor(actor, (s) => s.matches('loggedOut'));
    actor.send({ type: 'navigation.denied', origin: '/earn' });
    actor.send({ type: 'user.devLogin' });
    actor.send({ type: 'user.logout' });
    const s = await waitFor(actor, (s) => s.matches('loggedOut'));
    expect(s.context.origin).toBeNull();
  });
});

describe('session.authenticated (Google / Apple sign-in)', () => {
  const auth = { authToken: 'oidc-token-0123', refreshToken: 'oidc-refresh-0123', userId: 9, isVerified: true };

  it('stores the credentials like a login and enters verified', async () => {
    const { actor, calls } = await loggedOut();
    actor.send({ type: 'session.authenticated', auth, email: 'grace@example.com', rememberMe: true });
    const s = actor.getSnapshot();
    expect(s.matches({ loggedIn: 'verified' })).toBe(true);
    expect(calls).toEqual([
      ['storeCredentials', { auth, email: 'grace@example.com', rememberMe: true }],
      ['loadVerifiedData', undefined],
    ]);
    expect(s.context).toMatchObject({ userId: 9, email: 'grace@example.com', isVerified: true, hasAuthToken: true, rememberMe: true });
    expect(flags(s)).toEqual({ isAuthenticated: true, isDevAuthenticated: false, isLoggingOut: false });
  });

  it('sends an unverified account to unverified', async () => {
    const { actor } = await loggedOut();
    actor.send({ type: 'session.authenticated', auth: { ...auth, isVerified: false }, email: 'grace@example.com', rememberMe: false });
    expect(selectAccess(actor.getSnapshot())).toBe('unverified');
  });

  it('is ignored while logged in', async () => {
    const { actor, calls } = await loggedOut({ login: async () => authOk({ isVerified: true }) });
    actor.send({ type: 'user.login', email: 'ana@example.com', pwd: 'Secret#123', rememberMe: true });
    await waitFor(actor, (s) => s.matches({ loggedIn: 'verified' }));
    const before = calls.length;
    actor.send({ type: 'session.authenticated', auth, email: 'grace@example.com', rememberMe: true });
    expect(calls).toHaveLength(before);
    expect(actor.getSnapshot().context.userId).toBe(42);
  });
});

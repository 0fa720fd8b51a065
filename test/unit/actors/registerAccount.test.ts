// Loads fake-indexeddb before Dexie is imported.
import { resetData, sessionOf, startApp, toastsRaised } from '../data/dataTestKit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import type { RegistrationPayload } from '../../../machines/session.types';
import type { Api } from '../../../src/api/client';
import { registerAccount } from '../../../src/actors/session';
import { readPendingCommunity, storePendingCommunity } from '../../../src/data/pendingCommunity';
import { fakeFetch, requests } from '../screens/fakeFetch';

const auth = { authToken: 'auth-0123456789', refreshToken: 'refresh-1', userId: 3, isVerified: false, status: 'OK' as const };

function fakeApi({ token = 'password-token', tokenizeOk = true, registerOk = true } = {}) {
  const tokenize = vi.fn(async () =>
    tokenizeOk
      ? { success: true as const, data: { token } }
      : { success: false as const, error: 'NETWORK_ERROR', message: 'An unknown error occurred', statusCode: 0 },
  );
  const registerUser = vi.fn(async () =>
    registerOk
      ? { success: true as const, data: auth }
      : { success: false as const, error: 'EMAIL_TAKEN', message: 'Email taken', statusCode: 409 },
  );
  return { api: { tokenize, registerUser } as unknown as Api, tokenize, registerUser };
}

const adult: RegistrationPayload = {
  email: 'ada@example.org',
  password: 'Pips-2026!secret',
  firstName: 'Ada',
  lastName: 'Lovelace',
  dayOfBirth: '1990-12-10',
  phone: '',
  customTermsAccepted: true,
  communityId: 'demo',
  rememberMe: true,
};

beforeEach(() => localStorage.clear());

describe('registerAccount', () => {
  it('sends exactly the registration payload, with the password only as a token', async () => {
    const { api, tokenize, registerUser } = fakeApi();
    const result = await registerAccount(api, adult);

    expect(tokenize).toHaveBeenCalledWith({ tokenType: 'register', password: 'Pips-2026!secret' }, { signal: undefined });
    const [query] = registerUser.mock.calls[0] as unknown as [Record<string, unknown>];
    const sent = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined));
    expect(sent).toEqual({
      email: 'ada@example.org',
      firstName: 'Ada',
      lastName: 'Lovelace',
      passwordToken: 'password-token',
      dayOfBirth: '1990-12-10',
      phone: '',
      customTermsAccepted: 'true',
      communityId: 'demo',
    });
    expect(JSON.stringify(query)).not.toMatch(/password"|verifyPassword|termsAccepted"|Pips-2026/);
    expect(result).toEqual({ ok: true, authToken: auth.authToken, refreshToken: 'refresh-1', userId: 3, isVerified: false });
  });

  it('adds guardianConsent for a minor', async () => {
    const { api, registerUser } = fakeApi();
    await registerAccount(api, { ...adult, dayOfBirth: '2012-01-01', guardianConsent: true });
    expect(registerUser.mock.calls[0]).toEqual([expect.objectContaining({ guardianConsent: 'true' }), { signal: undefined }]);
  });

  it('stops with PASSWORD_TOKEN_FAILED when the token comes back empty', async () => {
    const { api, registerUser } = fakeApi({ token: '' });
    expect(await registerAccount(api, adult)).toEqual({ ok: false, code: 'PASSWORD_TOKEN_FAILED' });
    expect(registerUser).not.toHaveBeenCalled();
  });

  it('passes the tokenize failure code on', async () => {
    const { api } = fakeApi({ tokenizeOk: false });
    expect(await registerAccount(api, adult)).toEqual({ ok: false, code: 'NETWORK_ERROR' });
  });

  it('forgets the pending community only once registered', async () => {
    storePendingCommunity({ communityId: 'demo', name: 'Demo Community' });
    await registerAccount(fakeApi({ registerOk: false }).api, adult);
    expect(readPendingCommunity()).toEqual({ communityId: 'demo', name: 'Demo Community' });

    await registerAccount(fakeApi().api, adult);
    expect(readPendingCommunity()).toBeNull();
  });
});

afterEach(resetData);

describe('registering through the session (the app system)', () => {
  it('signs the new member in unverified, stores the session, and forgets the pending community', async () => {
    storePendingCommunity({ communityId: 'demo', name: 'Demo Community' });
    const sent = fakeFetch({
      'POST /api/tokenize': { data: { token: 'password-token' } },
      'POST /mobile/user/register': { data: auth },
      'POST /mobile/verify': { data: { status: 'OK' } },
    });
    const app = startApp({ connectivity: { isOnline: () => true } });
    await waitFor(app.system.get('session')!, (s) => s.matches('loggedOut'));

    app.system.get('session')!.send({ type: 'user.register', payload: adult });

    await waitFor(app.system.get('session')!, (s) => s.matches({ loggedIn: 'unverified' }));
    expect(requests(sent, 'POST', '/mobile/user/register')[0].query).toMatchObject({ email: 'ada@example.org', passwordToken: 'password-token' });
    expect(localStorage.getItem('authToken')).toBe(auth.authToken);
    expect(localStorage.getItem('isVerified')).toBe('false');
    expect(readPendingCommunity()).toBeNull();
    expect(sessionOf(app).context).toMatchObject({ userId: 3, email: 'ada@example.org', isAuthenticated: true });
    // Unverified: no member data loads; the verification runs instead.
    expect(app.getSnapshot().context.member).toBeNull();
    expect(app.system.get('resources')!.getSnapshot().children).toEqual({});
    expect(sessionOf(app).children.verification).toBeDefined();
  });

  it('keeps a taken e-mail for the form to mark (no toast), and stays logged out', async () => {
    fakeFetch({ 'POST /api/tokenize': { data: { token: 'password-token' } }, 'POST /mobile/user/register': { status: 409, error: 'EMAIL_TAKEN' } });
    const app = startApp({ connectivity: { isOnline: () => true } });
    await waitFor(app.system.get('session')!, (s) => s.matches('loggedOut'));

    app.system.get('session')!.send({ type: 'user.register', payload: adult });

    await waitFor(app.system.get('session')!, (s) => s.matches({ loggedOut: 'idle' }) && s.context.errorCode !== null);
    expect(sessionOf(app).context.errorCode).toBe('EMAIL_TAKEN');
    expect(toastsRaised()).toEqual([]);
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('says why any other registration failed in a toast', async () => {
    fakeFetch({ 'POST /api/tokenize': { data: { token: 'password-token' } }, 'POST /mobile/user/register': { status: 404, error: 'COMMUNITY_NOT_FOUND' } });
    const app = startApp({ connectivity: { isOnline: () => true } });
    await waitFor(app.system.get('session')!, (s) => s.matches('loggedOut'));
    app.system.get('session')!.send({ type: 'user.register', payload: adult });
    await waitFor(app.system.get('session')!, (s) => s.matches({ loggedOut: 'idle' }) && s.context.errorCode !== null);
    expect(toastsRaised()).toEqual(["error: We couldn't find your community. Please open your community's join link again."]);
  });
});

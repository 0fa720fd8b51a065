import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RegistrationPayload } from '../../../machines';
import type { Api } from '../../../src/api/client';
import { storePendingCommunity, readPendingCommunity } from '../../../src/app/pendingCommunity';
import { registerAccount } from '../../../src/app/sessionLogic';

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
  it('sends exactly the SPEC registration payload, with the password only as a token', async () => {
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

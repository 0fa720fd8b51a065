import { describe, expect, it, vi } from 'vitest';
import { oidcStartPath } from '../../../src/api/client';
import { AUTH, envelope, failure, json, setup } from './clientKit';

/* The API client's token renewal on 401 / 403, its tokenize helpers, and the account deletion and
 * Google / Apple sign-in calls. How it encodes calls and reads answers is in client.test.ts. */

describe('401 / 403 handling', () => {
  const dashboard = { availablePips: 3, totalEarnedPips: 5, totalUsedPips: 2, actions: [] };

  it('asks onUnauthorized for a new token and retries the call once with it', async () => {
    const onUnauthorized = vi.fn(async () => 'fresh-token');
    const { api, seen } = setup(
      [json(failure('UNAUTHORIZED', 'Expired'), 401), json(envelope(dashboard))],
      { onUnauthorized },
    );
    await expect(api.getDashboard()).resolves.toEqual({ success: true, data: dashboard });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).toHaveBeenCalledWith('raw-token-123');
    expect(seen.map((s) => s.headers.get('authorization'))).toEqual(['raw-token-123', 'fresh-token']);
  });

  it('returns ACCOUNT_NOT_VERIFIED as it is: a new token cannot mend it', async () => {
    const onUnauthorized = vi.fn(async () => 'fresh-token');
    const { api, fetch } = setup([json(failure('ACCOUNT_NOT_VERIFIED', 'Verify first'), 403)], { onUnauthorized });
    await expect(api.getDashboard()).resolves.toMatchObject({ success: false, error: 'ACCOUNT_NOT_VERIFIED', statusCode: 403 });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('does the same on 403 and re-sends the same body', async () => {
    const onUnauthorized = vi.fn(async () => 'fresh-token');
    const { api, seen } = setup(
      [json(failure('FORBIDDEN', 'No'), 403), json(envelope({ msg: 'device-1' }))],
      { onUnauthorized },
    );
    const result = await api.setDeviceIdentifier({ identifier: 'push-id', platform: 'ios' });
    expect(result).toEqual({ success: true, data: { msg: 'device-1' } });
    expect(seen.map((s) => s.body)).toEqual(['identifier=push-id&platform=ios', 'identifier=push-id&platform=ios']);
  });

  it('resolves with the failure when the refresh fails, without retrying', async () => {
    const onUnauthorized = vi.fn(async () => null);
    const { api, fetch } = setup([json(failure('UNAUTHORIZED', 'Expired'), 401)], { onUnauthorized });
    await expect(api.getUser()).resolves.toEqual({
      success: false,
      error: 'UNAUTHORIZED',
      message: 'Expired',
      statusCode: 401,
    });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('retries only once: a second 401 is the result', async () => {
    const onUnauthorized = vi.fn(async () => 'fresh-token');
    const { api, fetch } = setup(
      [json(failure('UNAUTHORIZED', 'Expired'), 401), json(failure('UNAUTHORIZED', 'Still expired'), 401)],
      { onUnauthorized },
    );
    const result = await api.getDashboard();
    expect(result).toMatchObject({ success: false, error: 'UNAUTHORIZED', message: 'Still expired', statusCode: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('treats a throwing onUnauthorized as a failed refresh', async () => {
    const onUnauthorized = vi.fn(async () => {
      throw new Error('boom');
    });
    const { api } = setup([json(failure('UNAUTHORIZED', 'Expired'), 401)], { onUnauthorized });
    await expect(api.getUser()).resolves.toMatchObject({ success: false, statusCode: 401 });
  });

  it('never refreshes for login or session refresh', async () => {
    const onUnauthorized = vi.fn(async () => 'fresh-token');
    const { api, fetch } = setup(
      [
        json(failure('INVALID_CREDENTIALS', 'Wrong'), 401),
        json(failure('REFRESH_TOKEN_REUSED', 'Reused'), 401),
      ],
      { onUnauthorized },
    );
    await expect(api.login({ email: 'a@b.co', pwd: 'x' })).resolves.toMatchObject({ error: 'INVALID_CREDENTIALS' });
    await expect(api.refreshSession({ refreshToken: 'r1' })).resolves.toMatchObject({ error: 'REFRESH_TOKEN_REUSED' });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('does not refresh on other failures', async () => {
    const onUnauthorized = vi.fn(async () => 'fresh-token');
    const { api } = setup([json(failure('VALIDATION_ERROR', 'Bad'), 400)], { onUnauthorized });
    await api.updateUser({ firstName: 'A', lastName: 'B' });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('tokenize helpers', () => {
  it('returns the token of a register-type tokenize, without auth', async () => {
    const { api, seen } = setup([json(envelope({ token: 'pw-token' }))], { getToken: () => null });
    await expect(api.tokenizePassword('N3w!pass')).resolves.toBe('pw-token');
    expect(seen[0].url.pathname).toBe('/api/tokenize');
    expect(Object.fromEntries(new URLSearchParams(seen[0].body))).toEqual({
      tokenType: 'register',
      password: 'N3w!pass',
    });
    expect(seen[0].headers.get('authorization')).toBeNull();
  });

  it('sends userId, the passwords and the auth token for changePassword', async () => {
    const { api, seen } = setup([json(envelope({ token: 'cp-token' }))]);
    const token = await api.tokenizeChangePassword({ userId: 7, password: 'N3w!pass', currentPassword: '0ld!Pass' });
    expect(token).toBe('cp-token');
    expect(Object.fromEntries(new URLSearchParams(seen[0].body))).toEqual({
      tokenType: 'changePassword',
      userId: '7',
      password: 'N3w!pass',
      currentPassword: '0ld!Pass',
      authToken: 'raw-token-123',
    });
    expect(seen[0].headers.get('authorization')).toBe('raw-token-123');
  });

  it('returns an empty string on any failure', async () => {
    const { api } = setup([
      json(failure('INCORRECT_PASSWORD', 'Incorrect password'), 400),
      json(failure('INTERNAL_ERROR', 'x'), 500),
      new TypeError('Failed to fetch'),
      json({ status: 'ERR', error: { code: 'INVALID_TOKEN', message: 'x' } }),
    ]);
    await expect(api.tokenizeChangePassword({ userId: 7, password: 'N3w!pass' })).resolves.toBe('');
    await expect(api.tokenizePassword('N3w!pass')).resolves.toBe('');
    await expect(api.tokenizeQrParam('qr-1')).resolves.toBe('');
    await expect(api.tokenizePassword('N3w!pass')).resolves.toBe('');
  });

  it('still exposes the error code through the generic tokenize call', async () => {
    const { api } = setup([json(failure('INCORRECT_PASSWORD', 'Incorrect password'), 400)]);
    await expect(
      api.tokenize({ tokenType: 'changePassword', userId: 7, password: 'N3w!pass', currentPassword: 'bad' }),
    ).resolves.toMatchObject({ success: false, error: 'INCORRECT_PASSWORD', statusCode: 400 });
  });

  it('refreshes the authToken form field along with the header on retry', async () => {
    const onUnauthorized = vi.fn(async () => 'fresh-token');
    const { api, seen } = setup(
      [json(failure('UNAUTHORIZED', 'Expired'), 401), json(envelope({ token: 'qr-token' }))],
      { onUnauthorized },
    );
    await expect(api.tokenizeQrParam('qr-1')).resolves.toBe('qr-token');
    expect(new URLSearchParams(seen[1].body).get('authToken')).toBe('fresh-token');
    expect(seen[1].headers.get('authorization')).toBe('fresh-token');
  });
});

describe('account deletion and Google / Apple sign-in calls', () => {
  it('confirms the password with a confirmPassword token, then deletes with it in the query', async () => {
    const { api, seen } = setup([json(envelope({ token: 'confirm-1' })), json(envelope({ status: 'OK' }))]);
    const tokenized = await api.tokenize({ tokenType: 'confirmPassword', password: 'Curr3nt!pw' });
    expect(tokenized).toEqual({ success: true, data: { token: 'confirm-1' } });
    expect(Object.fromEntries(new URLSearchParams(seen[0].body))).toEqual({ tokenType: 'confirmPassword', password: 'Curr3nt!pw' });
    expect(seen[0].headers.get('authorization')).toBe('raw-token-123');

    await api.deleteUser({ passwordToken: 'confirm-1' });
    expect(seen[1].method).toBe('DELETE');
    expect(seen[1].url.pathname).toBe('/mobile/user');
    expect(Object.fromEntries(seen[1].url.searchParams)).toEqual({ passwordToken: 'confirm-1' });
    expect(seen[1].headers.get('authorization')).toBe('raw-token-123');
  });

  it('passes PASSWORD_CONFIRMATION_REQUIRED through as the error code', async () => {
    const { api } = setup([json(failure('PASSWORD_CONFIRMATION_REQUIRED', 'Confirm your password'), 400)]);
    await expect(api.deleteUser()).resolves.toMatchObject({ success: false, error: 'PASSWORD_CONFIRMATION_REQUIRED', statusCode: 400 });
  });

  it('lists the providers, exchanges a ticket and registers, all without auth', async () => {
    const needsSignup = { outcome: 'needsSignup', provider: 'google', email: 'ana@example.com', firstName: 'Ana', lastName: '', ticket: 's-1' };
    const { api, seen } = setup([
      json(envelope({ providers: [{ id: 'google', name: 'Google' }] })),
      json(envelope(needsSignup)),
      json(envelope(AUTH)),
    ]);
    expect(await api.getAuthProviders()).toEqual({ success: true, data: { providers: [{ id: 'google', name: 'Google' }] } });
    const session = await api.oidcSession({ ticket: 't-1' });
    expect(session).toEqual({ success: true, data: needsSignup });
    if (session.success && session.data.outcome === 'needsSignup') {
      await api.oidcRegister({ ticket: session.data.ticket, communityId: 'demo-1', customTermsAccepted: 'true', phone: '' });
    }
    expect(seen.map((s) => `${s.method} ${s.url.pathname}`)).toEqual([
      'GET /web/auth/providers',
      'POST /web/auth/oidc/session',
      'POST /web/auth/oidc/register',
    ]);
    expect(seen[1].body).toBe('ticket=t-1');
    expect(Object.fromEntries(new URLSearchParams(seen[2].body))).toEqual({
      ticket: 's-1',
      communityId: 'demo-1',
      customTermsAccepted: 'true',
      phone: '',
    });
    expect(seen.map((s) => s.headers.get('authorization'))).toEqual([null, null, null]);
  });

  it('builds the start link of a provider with the app path to come back to', () => {
    expect(oidcStartPath('google')).toBe('/web/auth/google/start?returnTo=%2F');
    expect(oidcStartPath('apple', '/rewards?x=1')).toBe('/web/auth/apple/start?returnTo=%2Frewards%3Fx%3D1');
  });
});

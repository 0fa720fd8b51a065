import { describe, expect, it, vi } from 'vitest';
import { createApi, oidcStartPath, type ApiOptions } from '../../../src/api/client';

type Reply = Response | Error | ((request: Request) => Response | Promise<Response>);

const envelope = (data: unknown) => ({ status: 'OK', success: true, data, error: null });
const failure = (code: string, message: string) => ({
  status: 'ERROR',
  success: false,
  data: null,
  error: { code, message },
});
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

interface Seen {
  method: string;
  url: URL;
  headers: Headers;
  body: string;
}

/** An API over a scripted fetch: each request takes the next reply and is recorded. */
function setup(replies: Reply[], options: Partial<ApiOptions> = {}) {
  const seen: Seen[] = [];
  const queue = [...replies];
  const fetch = vi.fn(async (request: Request) => {
    seen.push({
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      body: await request.clone().text(),
    });
    const reply = queue.shift();
    if (reply === undefined) throw new Error(`unexpected request ${request.method} ${request.url}`);
    if (reply instanceof Error) throw reply;
    return typeof reply === 'function' ? reply(request) : reply;
  });
  const api = createApi({
    baseUrl: 'http://api.test',
    fetch,
    getToken: () => 'raw-token-123',
    ...options,
  });
  return { api, seen, fetch };
}

const AUTH = { authToken: 'a1', refreshToken: 'r1', userId: 7, isVerified: false, status: 'OK' };

describe('request encoding', () => {
  it('sends form bodies url-encoded with an explicit content type', async () => {
    const { api, seen } = setup([json(envelope(AUTH))]);
    const result = await api.login({ email: 'ana+1@example.com', pwd: 'Secret 1!&=' });

    expect(result).toEqual({ success: true, data: AUTH });
    expect(seen[0].method).toBe('POST');
    expect(seen[0].url.pathname).toBe('/mobile/login');
    expect(seen[0].url.search).toBe('');
    expect(seen[0].headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(seen[0].body).toBe('email=ana%2B1%40example.com&pwd=Secret+1%21%26%3D');
    expect(Object.fromEntries(new URLSearchParams(seen[0].body))).toEqual({
      email: 'ana+1@example.com',
      pwd: 'Secret 1!&=',
    });
  });

  it('sends numbers as text and leaves out undefined form fields', async () => {
    const { api, seen } = setup([json(envelope({ transactionId: 3, availablePips: 10 }))]);
    await api.redeem({ pid: 4, optId: 5, amount: 1, idempotencyKey: undefined });
    expect(seen[0].body).toBe('pid=4&optId=5&amount=1');
  });

  it('sends query-parameter calls with no body, keeping empty strings', async () => {
    const { api, seen } = setup([json(envelope(AUTH))]);
    await api.registerUser({
      email: 'ana@example.com',
      firstName: 'Ana',
      lastName: 'Díaz',
      passwordToken: 'pt-1',
      phone: '',
      customTermsAccepted: 'true',
      communityId: 'demo',
    });
    const { url, headers, body } = seen[0];
    expect(url.pathname).toBe('/mobile/user/register');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      email: 'ana@example.com',
      firstName: 'Ana',
      lastName: 'Díaz',
      passwordToken: 'pt-1',
      phone: '',
      customTermsAccepted: 'true',
      communityId: 'demo',
    });
    expect(body).toBe('');
    expect(headers.get('content-type')).toBeNull();
  });

  it('puts path parameters in the path and the rest in the query', async () => {
    const { api, seen } = setup([json(envelope({ status: 'OK' }))]);
    await api.setAnnouncementStatus({ id: 42, type: 'USER_INDIVIDUAL', status: 'READ' });
    expect(seen[0].url.pathname).toBe('/mobile/announcements/42/status');
    expect(Object.fromEntries(seen[0].url.searchParams)).toEqual({
      type: 'USER_INDIVIDUAL',
      status: 'READ',
    });
  });

  it('sends questionnaire answers as JSON', async () => {
    const { api, seen } = setup([json(envelope({ status: 'OK', pipsEarned: 5 }))]);
    await api.answerQuestionnaire({ id: 9, answers: { q1: 'yes', q2: [1, 2] }, idempotencyKey: 'key-12345' });
    expect(seen[0].url.pathname).toBe('/web/questionnaires/9/answers');
    expect(seen[0].headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(seen[0].body)).toEqual({
      answers: { q1: 'yes', q2: [1, 2] },
      idempotencyKey: 'key-12345',
    });
  });

  it('reads the community by path (public extension call)', async () => {
    const { api, seen } = setup([json(envelope({ communityId: 'demo', name: 'Demo' }))]);
    const result = await api.getCommunity({ communityId: 'demo' });
    expect(result).toEqual({ success: true, data: { communityId: 'demo', name: 'Demo' } });
    expect(seen[0].url.pathname).toBe('/web/community/demo');
    expect(seen[0].headers.get('authorization')).toBeNull();
  });
});

describe('Authorization header', () => {
  it('carries the raw token (no Bearer prefix) on authenticated calls', async () => {
    const { api, seen } = setup([json(envelope({ availablePips: 0, totalEarnedPips: 0, totalUsedPips: 0, actions: [] }))]);
    await api.getDashboard();
    expect(seen[0].method).toBe('GET');
    expect(seen[0].url.pathname).toBe('/mobile/dashboard');
    expect(seen[0].headers.get('authorization')).toBe('raw-token-123');
  });

  it('reads the token at call time', async () => {
    let token = 'first-token';
    const { api, seen } = setup([json(envelope({ status: 'OK' })), json(envelope({ status: 'OK' }))], {
      getToken: () => token,
    });
    await api.deleteUser();
    token = 'second-token';
    await api.deleteUser();
    expect(seen.map((s) => s.headers.get('authorization'))).toEqual(['first-token', 'second-token']);
  });

  it('is skipped on session refresh, login and the other public calls', async () => {
    const { api, seen } = setup([
      json(envelope({ authToken: 'a2', refreshToken: 'r2' })),
      json(envelope(AUTH)),
      json(envelope({ exists: true })),
      json(envelope({ status: 'OK' })),
    ]);
    await api.refreshSession({ refreshToken: 'r1' });
    await api.login({ email: 'ana@example.com', pwd: 'x' });
    await api.emailExists({ email: 'ana@example.com' });
    await api.resetPasswordStart({ email: 'ana@example.com' });
    expect(seen.map((s) => s.headers.get('authorization'))).toEqual([null, null, null, null]);
    expect(seen[0].body).toBe('refreshToken=r1');
  });
});

describe('result normalisation', () => {
  it('resolves an OK envelope to its data', async () => {
    const { api } = setup([json(envelope({ exists: false }))]);
    await expect(api.emailExists({ email: 'a@b.co' })).resolves.toEqual({
      success: true,
      data: { exists: false },
    });
  });

  it('treats a 200 with status ERR and a code as a failure with that code and message', async () => {
    const { api } = setup([
      json({ status: 'ERR', success: false, data: null, error: { code: 'CHALLENGE_NOT_ACTIVE', message: 'No contest' } }),
    ]);
    await expect(api.getChanceToWin()).resolves.toEqual({
      success: false,
      error: 'CHALLENGE_NOT_ACTIVE',
      message: 'No contest',
      statusCode: 500,
    });
  });

  it('counts data.status OK as success when the success flag is absent (register)', async () => {
    const { api } = setup([json({ data: { ...AUTH } })]);
    const result = await api.registerUser({
      email: 'a@b.co',
      firstName: 'A',
      lastName: 'B',
      passwordToken: 't',
      customTermsAccepted: 'true',
      communityId: 'c',
    });
    expect(result).toEqual({ success: true, data: AUTH });
  });

  it('turns an HTTP 4xx envelope into its code, message and status', async () => {
    const { api } = setup([json(failure('INVALID_CREDENTIALS', 'Wrong e-mail or password'), 401)]);
    await expect(api.login({ email: 'a@b.co', pwd: 'x' })).resolves.toEqual({
      success: false,
      error: 'INVALID_CREDENTIALS',
      message: 'Wrong e-mail or password',
      statusCode: 401,
    });
  });

  it('turns a non-JSON 502 into UNKNOWN_ERROR with the fallback message', async () => {
    const { api } = setup([new Response('<html>Bad gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } })]);
    await expect(api.getCommunity({ communityId: 'demo' })).resolves.toEqual({
      success: false,
      error: 'UNKNOWN_ERROR',
      message: 'An unknown error occurred',
      statusCode: 502,
    });
  });

  it('falls back to the top-level message, then to the default text', async () => {
    const { api } = setup([
      json({ status: 'ERROR', success: false, data: null, error: { code: 'EMAIL_TAKEN', message: '' }, message: 'Taken' }, 409),
      json({ status: 'ERROR', success: false, data: null, error: { code: 'INTERNAL_ERROR' } }, 500),
    ]);
    const first = await api.emailExists({ email: 'a@b.co' });
    const second = await api.emailExists({ email: 'a@b.co' });
    expect(first).toEqual({ success: false, error: 'EMAIL_TAKEN', message: 'Taken', statusCode: 409 });
    expect(second).toEqual({
      success: false,
      error: 'INTERNAL_ERROR',
      message: 'An unknown error occurred',
      statusCode: 500,
    });
  });

  it('treats a 2xx body that is not an envelope as a failure with status 500', async () => {
    const { api } = setup([new Response('<!doctype html><title>app</title>', { status: 200, headers: { 'Content-Type': 'text/html' } })]);
    await expect(api.health()).resolves.toEqual({
      success: false,
      error: 'UNKNOWN_ERROR',
      message: 'An unknown error occurred',
      statusCode: 500,
    });
  });

  it('resolves a network failure as NETWORK_ERROR with statusCode 0 instead of throwing', async () => {
    const { api } = setup([new TypeError('Failed to fetch')]);
    await expect(api.getUser()).resolves.toEqual({
      success: false,
      error: 'NETWORK_ERROR',
      message: 'An unknown error occurred',
      statusCode: 0,
    });
  });

  it('resolves an aborted call as NETWORK_ERROR', async () => {
    const controller = new AbortController();
    const { api } = setup([
      (request) =>
        new Promise<Response>((_, reject) => {
          request.signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
          controller.abort();
        }),
    ]);
    const result = await api.getUser(undefined, { signal: controller.signal });
    expect(result).toMatchObject({ success: false, error: 'NETWORK_ERROR', statusCode: 0 });
  });

  it('returns the bare web manifest as data', async () => {
    const manifest = { name: 'pips', short_name: 'pips' };
    const { api, seen } = setup([
      new Response(JSON.stringify(manifest), { headers: { 'Content-Type': 'application/manifest+json' } }),
    ]);
    await expect(api.getManifest()).resolves.toEqual({ success: true, data: manifest });
    expect(seen[0].url.pathname).toBe('/manifest.webmanifest');
  });
});

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

describe('Accept-Language', () => {
  it("sends the app's current language on every call, read at call time", async () => {
    let language = 'es';
    const { api, seen } = setup(
      [json(envelope({ status: 'OK', sent: true })), json(envelope({ status: 'OK' })), json(envelope({ exists: false }))],
      { getLanguage: () => language },
    );
    await api.verify({ op: 'resend' });
    language = 'en';
    await api.resetPasswordStart({ email: 'ana@example.com' });
    await api.emailExists({ email: 'ana@example.com' });
    expect(seen.map((s) => s.headers.get('accept-language'))).toEqual(['es', 'en', 'en']);
  });

  it('is left out without getLanguage, or when it answers nothing usable or throws', async () => {
    const replies = () => [json(envelope({ exists: false }))];
    for (const getLanguage of [undefined, () => '', () => null, () => 'es\r\nX-Evil: 1', () => { throw new Error('no i18n'); }]) {
      const { api, seen } = setup(replies(), { getLanguage });
      const result = await api.emailExists({ email: 'ana@example.com' });
      expect(result.success).toBe(true);
      expect(seen[0].headers.get('accept-language')).toBeNull();
    }
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

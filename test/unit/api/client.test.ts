import { describe, expect, it } from 'vitest';
import { AUTH, envelope, failure, json, setup } from './clientKit';

/* How the API client encodes a call, which headers it sends, and how it reads any answer. Its
 * token renewal, tokens and account calls are in client.tokens.test.ts. */

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

import { describe, expect, it } from 'vitest';
import { backends } from '../../helpers/databases';
import { useHarness, expectFailure, expectOk, type TestUser } from '../../helpers/harness';

describe.each(backends)('verification on $name', (backend) => {
  const h = useHarness(backend);

  const verify = (user: TestUser, code: string, remoteAddress?: string) =>
    h.call({ method: 'POST', url: '/mobile/verify', token: user.authToken, form: { code }, remoteAddress });
  const resend = (user: TestUser) => h.call({ method: 'POST', url: '/mobile/verify', token: user.authToken, form: { op: 'resend' } });
  /** A 6-digit code that is not the right one. */
  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('verifies with the mailed code, after which the dashboard opens', async () => {
    const user = await h.register();
    expectFailure(await h.call({ url: '/mobile/dashboard', token: user.authToken }), 403, 'ACCOUNT_NOT_VERIFIED');
    expect(expectOk(await verify(user, h.codeFor(user.email)))).toEqual({ status: 'OK' });
    expectOk(await h.call({ url: '/mobile/dashboard', token: user.authToken }));
    expect(expectOk(await h.call({ url: '/mobile/user/get', token: user.authToken })).isVerified).toBe(true);
    expectFailure(await verify(user, h.codeFor(user.email)), 409, 'ALREADY_VERIFIED');
    expectFailure(await resend(user), 409, 'ALREADY_VERIFIED');
  });

  it('stores only a hash of the code', async () => {
    const user = await h.register();
    const row = await h.db.selectFrom('verification_codes').selectAll().where('user_id', '=', user.userId).executeTakeFirstOrThrow();
    expect(row.code_hash).not.toContain(h.codeFor(user.email));
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('needs auth', async () => {
    expectFailure(await h.call({ method: 'POST', url: '/mobile/verify', form: { code: '123456' } }), 401, 'UNAUTHORIZED');
  });

  it('gives 5 tries, then CODE_ATTEMPTS_EXCEEDED even for the right code', async () => {
    const user = await h.register();
    const code = h.codeFor(user.email);
    for (let i = 0; i < 5; i++) expectFailure(await verify(user, wrongCode(code)), 400, 'INVALID_CODE');
    expectFailure(await verify(user, code), 400, 'CODE_ATTEMPTS_EXCEEDED');
  });

  it('accepts the right code on the fifth try', async () => {
    const user = await h.register();
    const code = h.codeFor(user.email);
    for (let i = 0; i < 4; i++) expectFailure(await verify(user, wrongCode(code)), 400, 'INVALID_CODE');
    expectOk(await verify(user, code));
  });

  it('never lets parallel guesses go past the limit', async () => {
    const user = await h.register();
    const code = h.codeFor(user.email);
    const guesses = await Promise.all(Array.from({ length: 8 }, (_, i) => verify(user, wrongCode(String(Number(code) + i)))));
    const codes = guesses.map((g) => g.body.error.code);
    expect(codes.filter((c) => c === 'INVALID_CODE').length).toBeLessThanOrEqual(5);
    expectFailure(await verify(user, code), 400, 'CODE_ATTEMPTS_EXCEEDED');
  });

  it('expires a code after 10 minutes', async () => {
    const user = await h.register();
    const code = h.codeFor(user.email);
    h.clock.advance(10 * 60 + 1);
    expectFailure(await verify(user, code), 400, 'CODE_EXPIRED');
  });

  it('resends a new code that replaces the old one and resets the attempts', async () => {
    const user = await h.register();
    const first = h.codeFor(user.email);
    for (let i = 0; i < 5; i++) expectFailure(await verify(user, wrongCode(first)), 400, 'INVALID_CODE');
    h.clock.advance(31);
    expect(expectOk(await resend(user))).toEqual({ status: 'OK', sent: true });
    expect(h.mailer.sent.filter((m) => m.to === user.email)).toHaveLength(2);
    const second = h.codeFor(user.email);
    if (second !== first) expectFailure(await verify(user, first), 400, 'INVALID_CODE');
    expectOk(await verify(user, second));
  });

  it('limits resends: one per 30 seconds and 5 mails per hour', async () => {
    const user = await h.register(); // the registration mail counts as the first
    expectFailure(await resend(user), 429, 'RATE_LIMITED');
    const limited = await resend(user);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    for (let i = 0; i < 4; i++) {
      h.clock.advance(31);
      expectOk(await resend(user));
    }
    h.clock.advance(31);
    expectFailure(await resend(user), 429, 'RATE_LIMITED');
    expect(h.mailer.sent.filter((m) => m.to === user.email)).toHaveLength(5);
  });

  it('answers 500 INTERNAL_ERROR without detail when the resend mail cannot be sent', async () => {
    const user = await h.register();
    h.clock.advance(31);
    h.mailer.failWith(new Error('smtp password is hunter2'));
    const response = await resend(user);
    expectFailure(response, 500, 'INTERNAL_ERROR');
    expect(response.text).not.toContain('hunter2');
  });

  it('refuses malformed verify bodies', async () => {
    const user = await h.register();
    expectFailure(await h.call({ method: 'POST', url: '/mobile/verify', token: user.authToken, form: { code: '12345' } }), 400, 'VALIDATION_ERROR');
    expectFailure(await h.call({ method: 'POST', url: '/mobile/verify', token: user.authToken, form: {} }), 400, 'VALIDATION_ERROR');
    expectFailure(await h.call({ method: 'POST', url: '/mobile/verify', token: user.authToken, form: { op: 'again' } }), 400, 'VALIDATION_ERROR');
    expectFailure(
      await h.call({ method: 'POST', url: '/mobile/verify', token: user.authToken, form: { code: '123456', op: 'resend' } }),
      400,
      'VALIDATION_ERROR',
    );
  });
});

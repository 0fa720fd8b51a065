import { describe, expect, it } from 'vitest';
import { backends } from '../../helpers/databases';
import { useHarness, expectFailure, expectOk, uniqueEmail, type TestUser } from '../../helpers/harness';

const NEW_PASSWORD = 'N3w-password?';

describe.each(backends)('passwords on $name', (backend) => {
  const h = useHarness(backend);

  const tokenize = (form: Record<string, string | number | undefined>, token?: string) =>
    h.call({ method: 'POST', url: '/api/tokenize', form, token });

  describe('tokenize register', () => {
    it('returns a single-use token and stores only a password hash', async () => {
      const data = expectOk(await tokenize({ tokenType: 'register', password: NEW_PASSWORD }));
      expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const rows = await h.db.selectFrom('one_time_tokens').selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows[0])).not.toContain(NEW_PASSWORD);
      expect(rows[0].token_hash).not.toBe(data.token);
      expect(String(rows[0].payload.passwordHash)).toMatch(/^scrypt\$1024\$8\$1\$/);
    });

    it.each([
      ['Sh0rt!a', 'shorter than 8'],
      ['nodigits!Aa', 'without a digit'],
      ['noupper1!', 'without an uppercase letter'],
      ['NOLOWER1!', 'without a lowercase letter'],
      ['NoSpecial12', 'without a special character'],
      ['Spaces 12Ab', 'with a space as its only non-alphanumeric'],
    ])('answers WEAK_PASSWORD for %j (%s)', async (password) => {
      expectFailure(await tokenize({ tokenType: 'register', password }), 400, 'WEAK_PASSWORD');
    });

    it.each([...`!@#$%^&*()_+-=[]{};':"\\|,.<>/?`])('accepts the special character %j', async (special) => {
      expectOk(await tokenize({ tokenType: 'register', password: `Abcdefg1${special}` }));
    });

    it('requires the password for a register token', async () => {
      expectFailure(await tokenize({ tokenType: 'register' }), 400, 'VALIDATION_ERROR');
      expectFailure(await tokenize({ tokenType: 'other', password: NEW_PASSWORD }), 400, 'VALIDATION_ERROR');
    });
  });

  describe('change password', () => {
    async function changeToken(user: TestUser, form: Record<string, string | number | undefined> = {}, token?: string) {
      return tokenize(
        { tokenType: 'changePassword', userId: user.userId, password: NEW_PASSWORD, currentPassword: user.password, ...form },
        token,
      );
    }
    const change = (user: TestUser, token: string, auth = user.authToken) =>
      h.call({ method: 'PUT', url: '/mobile/user/password', query: { token }, token: auth });

    it('changes the password with a token made from the current one; other sessions end', async () => {
      const user = await h.register();
      const other = expectOk(await h.login(user.email, user.password));
      const { token } = expectOk(await changeToken(user, {}, user.authToken));
      expect(expectOk(await change(user, token))).toEqual({ status: 'OK' });

      expectFailure(await h.login(user.email, user.password), 401, 'INVALID_CREDENTIALS');
      expectOk(await h.login(user.email, NEW_PASSWORD));
      expectOk(await h.call({ url: '/mobile/user/get', token: user.authToken }));
      expectFailure(await h.call({ url: '/mobile/user/get', token: other.authToken }), 401, 'UNAUTHORIZED');
      expectFailure(await h.call({ method: 'POST', url: '/mobile/session/refresh', form: { refreshToken: other.refreshToken } }), 401, 'INVALID_REFRESH_TOKEN');
      // Single use.
      expectFailure(await change(user, token), 400, 'INVALID_TOKEN');
    });

    it('takes the auth token from the form field too (as the spec client sends it)', async () => {
      const user = await h.register();
      expectOk(await changeToken(user, { authToken: user.authToken }));
      expectFailure(await changeToken(user, { authToken: 'x'.repeat(43) }), 401, 'UNAUTHORIZED');
      expectFailure(await changeToken(user), 401, 'UNAUTHORIZED');
    });

    it('answers INCORRECT_PASSWORD when the current password is wrong', async () => {
      const user = await h.register();
      expectFailure(await changeToken(user, { currentPassword: 'Wrong-passw0rd' }, user.authToken), 400, 'INCORRECT_PASSWORD');
    });

    it('answers PASSWORD_UNCHANGED when the new password is the current one', async () => {
      const user = await h.register();
      expectFailure(await changeToken(user, { password: user.password }, user.authToken), 400, 'PASSWORD_UNCHANGED');
    });

    it('answers WEAK_PASSWORD for a new password that breaks the rules', async () => {
      const user = await h.register();
      expectFailure(await changeToken(user, { password: 'weakpass' }, user.authToken), 400, 'WEAK_PASSWORD');
    });

    it('refuses a userId that is not the caller', async () => {
      const user = await h.register();
      expectFailure(await changeToken(user, { userId: user.userId + 1000 }, user.authToken), 403, 'FORBIDDEN');
    });

    it("refuses another user's token and leaves it usable by its owner", async () => {
      const ana = await h.register();
      const bob = await h.register();
      const { token } = expectOk(await changeToken(ana, {}, ana.authToken));
      expectFailure(await change(bob, token), 403, 'FORBIDDEN');
      expectOk(await change(ana, token));
    });

    it('refuses register tokens, unknown and expired tokens', async () => {
      const user = await h.register();
      expectFailure(await change(user, await h.tokenize(NEW_PASSWORD)), 400, 'INVALID_TOKEN');
      expectFailure(await change(user, 'no-such-token'), 400, 'INVALID_TOKEN');
      const { token } = expectOk(await changeToken(user, {}, user.authToken));
      h.clock.advance(10 * 60 + 1);
      const stale = await h.login(user.email, user.password);
      expectFailure(await change(user, token, expectOk(stale).authToken), 400, 'INVALID_TOKEN');
    });
  });

  describe('qrParams token', () => {
    it('stores the QR parameter for the authenticated user', async () => {
      const user = await h.register();
      expectFailure(await tokenize({ tokenType: 'qrParams', qrParam: 'abc' }), 401, 'UNAUTHORIZED');
      const { token } = expectOk(await tokenize({ tokenType: 'qrParams', qrParam: 'abc' }, user.authToken));
      expect(token).toBeTruthy();
      const row = await h.db.selectFrom('one_time_tokens').selectAll().where('type', '=', 'qrParams').executeTakeFirstOrThrow();
      expect(row).toMatchObject({ user_id: user.userId, payload: { qrParam: 'abc' } });
    });
  });

  describe('password reset', () => {
    const start = (email: string, remoteAddress?: string) =>
      h.call({ method: 'PUT', url: '/web/user/password/reset/start', query: { email }, remoteAddress });
    const finish = (emailToken: string, passwordToken: string) =>
      h.call({ method: 'PUT', url: '/web/user/password/reset/finish', query: { emailToken, passwordToken } });
    function linkFor(email: string) {
      const mail = h.mailer.lastTo(email);
      const match = mail && /(http:\/\/pips\.test\/reset-password\?\S+)/.exec(mail.text);
      if (!match) throw new Error('no reset link');
      const url = new URL(match[1]);
      return { emailToken: url.searchParams.get('emailToken')!, email: url.searchParams.get('email')! };
    }

    it('mails a link, and the tokens reset the password once; sessions end', async () => {
      const user = await h.register();
      expect(expectOk(await start(user.email.toUpperCase()))).toEqual({ status: 'OK' });
      const link = linkFor(user.email);
      expect(link.email).toBe(user.email);
      expect(h.mailer.lastTo(user.email)?.subject).toMatch(/reset/i);

      const passwordToken = await h.tokenize(NEW_PASSWORD);
      expect(expectOk(await finish(link.emailToken, passwordToken))).toEqual({ status: 'OK' });
      expectFailure(await h.call({ url: '/mobile/user/get', token: user.authToken }), 401, 'UNAUTHORIZED');
      expectFailure(await h.login(user.email, user.password), 401, 'INVALID_CREDENTIALS');
      expectOk(await h.login(user.email, NEW_PASSWORD));

      expectFailure(await finish(link.emailToken, await h.tokenize('An0ther-one!')), 400, 'INVALID_TOKEN');
    });

    it('answers EMAIL_NOT_FOUND for an unknown address', async () => {
      expectFailure(await start(uniqueEmail()), 404, 'EMAIL_NOT_FOUND');
      expect(h.mailer.sent).toEqual([]);
    });

    it('expires the e-mailed token after an hour', async () => {
      const user = await h.register();
      expectOk(await start(user.email));
      const { emailToken } = linkFor(user.email);
      h.clock.advance(3600 + 1);
      expectFailure(await finish(emailToken, await h.tokenize(NEW_PASSWORD)), 400, 'INVALID_TOKEN');
    });

    it('keeps the e-mail token when the password token is bad', async () => {
      const user = await h.register();
      expectOk(await start(user.email));
      const { emailToken } = linkFor(user.email);
      expectFailure(await finish(emailToken, 'not-a-password-token'), 400, 'INVALID_TOKEN');
      expectOk(await finish(emailToken, await h.tokenize(NEW_PASSWORD)));
    });

    it('limits reset mails per address and per e-mail', async () => {
      const user = await h.register();
      for (let i = 0; i < h.config.rateLimits.resetPerEmail.max; i++) expectOk(await start(user.email));
      expectFailure(await start(user.email), 429, 'RATE_LIMITED');

      const app = await h.buildApp({ rateLimits: { resetPerAddress: { max: 2, windowSeconds: 3600 } } });
      const startOn = (email: string, remoteAddress: string) =>
        app.inject({ method: 'PUT', url: `/web/user/password/reset/start?email=${encodeURIComponent(email)}`, remoteAddress });
      const other = await h.register();
      expect((await startOn(other.email, '10.1.1.1')).statusCode).toBe(200);
      expect((await startOn(uniqueEmail(), '10.1.1.1')).statusCode).toBe(404);
      expect((await startOn(other.email, '10.1.1.1')).json().error.code).toBe('RATE_LIMITED');
      expect((await startOn(other.email, '10.1.1.2')).statusCode).toBe(200);
    });
  });
});

import { describe, expect, it } from 'vitest';
import { backends } from '../../helpers/databases';
import { useHarness, expectFailure, expectOk, TEST_PASSWORD, uniqueEmail, type RegisterOptions } from '../../helpers/harness';

describe.each(backends)('accounts on $name', (backend) => {
  const h = useHarness(backend);

  /** POST /mobile/user/register with a fresh password token and the given query. */
  async function registerRaw(options: RegisterOptions & { passwordToken?: string } = {}) {
    return h.call({
      method: 'POST',
      url: '/mobile/user/register',
      query: {
        email: options.email ?? uniqueEmail(),
        firstName: options.firstName ?? 'Ana',
        lastName: options.lastName ?? 'Lopez',
        passwordToken: options.passwordToken ?? (await h.tokenize(options.password)),
        phone: options.phone ?? '',
        dayOfBirth: options.dayOfBirth,
        guardianConsent: options.guardianConsent,
        customTermsAccepted: options.customTermsAccepted ?? 'true',
        communityId: options.communityId ?? h.community.id,
      },
    });
  }

  const yearsAgo = (years: number, days = 0) => {
    const d = h.clock.now();
    const date = new Date(Date.UTC(d.getUTCFullYear() - years, d.getUTCMonth(), d.getUTCDate() + days));
    return date.toISOString().slice(0, 10);
  };

  describe('registerUser', () => {
    it('creates an unverified user, logs them in and mails a 6-digit code', async () => {
      const email = uniqueEmail();
      const data = expectOk(await registerRaw({ email, phone: '+1 (555) 010-0000' }));
      expect(data).toMatchObject({ isVerified: false, status: 'OK', userId: expect.any(Number) });
      expect(data.authToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(data.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const mail = h.mailer.lastTo(email);
      expect(mail?.subject).toBe('Your pips verification code');
      expect(mail?.text.match(/\b\d{6}\b/g)).toHaveLength(1);
      const user = expectOk(await h.call({ url: '/mobile/user/get', token: data.authToken }));
      expect(user).toEqual({
        userId: data.userId,
        firstName: 'Ana',
        lastName: 'Lopez',
        fullName: 'Ana Lopez',
        email,
        phone: '+1 (555) 010-0000',
        isVerified: false,
        communityId: h.community.id,
        communityName: 'Demo Community',
        dayOfBirth: null,
        hasPassword: true,
        runsCommunity: false,
      });
    });

    it('stores the e-mail lower-cased, so case variants are the same account', async () => {
      const email = uniqueEmail('Mixed.Case');
      expectOk(await registerRaw({ email: email.toUpperCase().replace('@EXAMPLE.COM', '@Example.COM') }));
      expectFailure(await registerRaw({ email: email.toLowerCase() }), 409, 'EMAIL_TAKEN');
      expectOk(await h.login(email.toUpperCase(), TEST_PASSWORD));
    });

    it('refuses an e-mail that is already taken', async () => {
      const email = uniqueEmail();
      expectOk(await registerRaw({ email }));
      expectFailure(await registerRaw({ email }), 409, 'EMAIL_TAKEN');
    });

    it.each([
      ['@example.com', 'starts with @'],
      ['ana lopez@example.com', 'has a space'],
      ['ana..lopez@example.com', 'has consecutive dots'],
      ['ana@lopez@example.com', 'has two @'],
      ['ana!@example.com', 'has a forbidden local character'],
      ['ana@exa_mple.com', 'has a forbidden domain character'],
      ['ana@localhost', 'has no dot in the domain'],
      ['ana@example.c', 'has a one-letter top-level part'],
      [`${'a'.repeat(245)}@example.com`, 'is longer than 254 characters'],
      ['', 'is empty'],
    ])('refuses the e-mail %j (%s)', async (email) => {
      const response = await registerRaw({ email });
      expect(response.status).toBe(400);
      expect(['VALIDATION_ERROR', 'INVALID_EMAIL']).toContain(response.body.error.code);
      expect(response.body.error.message).toMatch(/email/i);
    });

    it('refuses, by the contract\'s own pattern, an e-mail with a dot or hyphen where none may be', async () => {
      for (const email of ['.ana@example.com', 'ana.@example.com', 'ana@-example.com', 'ana@example-.com', 'a..na@example.com']) {
        expectFailure(await registerRaw({ email }), 400, 'VALIDATION_ERROR');
      }
    });

    it('requires the terms to be accepted', async () => {
      expectFailure(await registerRaw({ customTermsAccepted: 'false' }), 400, 'TERMS_NOT_ACCEPTED');
    });

    it('requires an existing community', async () => {
      expectFailure(await registerRaw({ communityId: 'no-such-community' }), 400, 'COMMUNITY_NOT_FOUND');
      const missing = await h.call({
        method: 'POST',
        url: '/mobile/user/register',
        query: { email: uniqueEmail(), firstName: 'A', lastName: 'B', passwordToken: await h.tokenize(), customTermsAccepted: 'true' },
      });
      expectFailure(missing, 400, 'VALIDATION_ERROR');
      expect(missing.body.error.message).toMatch(/communityId/);
    });

    it('asks a user under 18 for guardian consent and records it', async () => {
      const seventeen = yearsAgo(18, 1);
      expectFailure(await registerRaw({ dayOfBirth: seventeen }), 400, 'UNDERAGE_WITHOUT_CONSENT');
      expectFailure(await registerRaw({ dayOfBirth: seventeen, guardianConsent: 'false' }), 400, 'UNDERAGE_WITHOUT_CONSENT');
      const data = expectOk(await registerRaw({ dayOfBirth: seventeen, guardianConsent: 'true' }));
      const row = await h.db.selectFrom('users').select(['guardian_consent_at']).where('id', '=', data.userId).executeTakeFirstOrThrow();
      expect(row.guardian_consent_at).toBeInstanceOf(Date);
      const user = expectOk(await h.call({ url: '/mobile/user/get', token: data.authToken }));
      expect(user.dayOfBirth).toBe(seventeen);
    });

    it('lets an 18-year-old register without consent (18th birthday today)', async () => {
      const data = expectOk(await registerRaw({ dayOfBirth: yearsAgo(18) }));
      const row = await h.db.selectFrom('users').select(['guardian_consent_at']).where('id', '=', data.userId).executeTakeFirstOrThrow();
      expect(row.guardian_consent_at).toBeNull();
    });

    it('refuses impossible or future birth dates', async () => {
      // What the contract's pattern cannot say has its own code; what it can is a VALIDATION_ERROR.
      expectFailure(await registerRaw({ dayOfBirth: '2001-02-30' }), 400, 'INVALID_DAY_OF_BIRTH');
      expectFailure(await registerRaw({ dayOfBirth: yearsAgo(-1) }), 400, 'INVALID_DAY_OF_BIRTH');
      expectFailure(await registerRaw({ dayOfBirth: '31-12-2000' }), 400, 'VALIDATION_ERROR');
      expectFailure(await registerRaw({ dayOfBirth: '1899-12-31' }), 400, 'VALIDATION_ERROR');
    });

    it('refuses blank names and malformed phones', async () => {
      expectFailure(await registerRaw({ firstName: '   ' }), 400, 'VALIDATION_ERROR');
      expectFailure(await registerRaw({ lastName: 'x'.repeat(101) }), 400, 'VALIDATION_ERROR');
      expectFailure(await registerRaw({ phone: 'call me' }), 400, 'VALIDATION_ERROR');
    });

    it('accepts a password token once, and only a register token', async () => {
      const token = await h.tokenize();
      expectOk(await registerRaw({ passwordToken: token }));
      expectFailure(await registerRaw({ passwordToken: token }), 400, 'INVALID_TOKEN');
      expectFailure(await registerRaw({ passwordToken: 'made-up-token-value' }), 400, 'INVALID_TOKEN');
    });

    it('does not use up the password token when the registration fails', async () => {
      const token = await h.tokenize();
      expectFailure(await registerRaw({ passwordToken: token, customTermsAccepted: 'false' }), 400, 'TERMS_NOT_ACCEPTED');
      const taken = uniqueEmail();
      expectOk(await registerRaw({ email: taken }));
      expectFailure(await registerRaw({ email: taken, passwordToken: token }), 409, 'EMAIL_TAKEN');
      expectOk(await registerRaw({ passwordToken: token }));
    });

    it('refuses an expired password token (10 minutes)', async () => {
      const token = await h.tokenize();
      h.clock.advance(10 * 60 + 1);
      expectFailure(await registerRaw({ passwordToken: token }), 400, 'INVALID_TOKEN');
    });

    it('still registers when the verification mail cannot be sent', async () => {
      const token = await h.tokenize();
      h.mailer.failWith(new Error('smtp down'));
      const data = expectOk(await registerRaw({ passwordToken: token }));
      expect(data.isVerified).toBe(false);
    });
  });

  describe('login', () => {
    it('logs in with the right password and says whether the account is verified', async () => {
      const user = await h.register();
      const first = expectOk(await h.login(user.email, user.password));
      expect(first).toMatchObject({ userId: user.userId, isVerified: false, status: 'OK' });
      expect(first.authToken).not.toBe(user.authToken);
      await h.call({ method: 'POST', url: '/mobile/verify', token: first.authToken, form: { code: h.codeFor(user.email) } });
      expect(expectOk(await h.login(`  ${user.email.toUpperCase()} `.trim(), user.password)).isVerified).toBe(true);
    });

    it('answers INVALID_CREDENTIALS alike for a wrong password and an unknown e-mail', async () => {
      const user = await h.register();
      const wrong = expectFailure(await h.login(user.email, 'Wrong-passw0rd'), 401, 'INVALID_CREDENTIALS');
      const unknown = expectFailure(await h.login(uniqueEmail(), user.password), 401, 'INVALID_CREDENTIALS');
      expect(wrong.error.message).toBe(unknown.error.message);
    });

    it('refuses a deleted account', async () => {
      const user = await h.register();
      expectOk(await h.deleteAccount(user));
      expectFailure(await h.login(user.email, user.password), 401, 'INVALID_CREDENTIALS');
    });
  });

  describe('getUser, updateUser, deleteUser', () => {
    it('needs a valid auth token', async () => {
      expectFailure(await h.call({ url: '/mobile/user/get' }), 401, 'UNAUTHORIZED');
      expectFailure(await h.call({ url: '/mobile/user/get', token: 'not-a-real-token-at-all' }), 401, 'UNAUTHORIZED');
    });

    it('updates names and phone, keeping the phone when it is not sent', async () => {
      const user = await h.register({ phone: '555 0100' });
      const updated = expectOk(
        await h.call({ method: 'PUT', url: '/mobile/user', token: user.authToken, query: { firstName: ' Eva ', lastName: 'Ruiz' } }),
      );
      expect(updated).toMatchObject({ firstName: 'Eva', lastName: 'Ruiz', fullName: 'Eva Ruiz', phone: '555 0100' });
      const cleared = expectOk(
        await h.call({ method: 'PUT', url: '/mobile/user', token: user.authToken, query: { firstName: 'Eva', lastName: 'Ruiz', phone: '' } }),
      );
      expect(cleared.phone).toBe('');
      expect(expectOk(await h.call({ url: '/mobile/user/get', token: user.authToken }))).toEqual(cleared);
    });

    it('updates the day of birth, asking consent for a minor who never gave it', async () => {
      const user = await h.register();
      const adult = expectOk(
        await h.call({ method: 'PUT', url: '/mobile/user', token: user.authToken, query: { firstName: 'A', lastName: 'B', dayOfBirth: '1990-05-17' } }),
      );
      expect(adult.dayOfBirth).toBe('1990-05-17');
      expectFailure(
        await h.call({ method: 'PUT', url: '/mobile/user', token: user.authToken, query: { firstName: 'A', lastName: 'B', dayOfBirth: yearsAgo(10) } }),
        400,
        'UNDERAGE_WITHOUT_CONSENT',
      );
    });

    it('refuses invalid profile values', async () => {
      const user = await h.register();
      const response = await h.call({ method: 'PUT', url: '/mobile/user', token: user.authToken, query: { firstName: 'A' } });
      expectFailure(response, 400, 'VALIDATION_ERROR');
      expect(response.body.error.message).toMatch(/lastName/);
      expectFailure(
        await h.call({ method: 'PUT', url: '/mobile/user', token: user.authToken, query: { firstName: 'A', lastName: 'B', phone: 'abc' } }),
        400,
        'VALIDATION_ERROR',
      );
    });

    it('deletes the personal data, ends every session and frees the e-mail', async () => {
      const user = await h.registerVerified({ phone: '555 0100', dayOfBirth: '1990-01-02' });
      const second = expectOk(await h.login(user.email, user.password));
      expectOk(await h.call({ method: 'POST', url: '/mobile/device/identifier/set', token: user.authToken, form: { identifier: 'push-1', platform: 'ios' } }));

      expectOk(await h.deleteAccount(user));

      const row = await h.db.selectFrom('users').selectAll().where('id', '=', user.userId).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ email: null, first_name: '', last_name: '', phone: '', day_of_birth: null, password_hash: null });
      expect(row.deleted_at).toBeInstanceOf(Date);
      for (const table of ['auth_tokens', 'refresh_tokens', 'devices', 'verification_codes', 'one_time_tokens'] as const) {
        const rows = await h.db.selectFrom(table).select('user_id').where('user_id', '=', user.userId).execute();
        expect(rows, table).toEqual([]);
      }
      expectFailure(await h.call({ url: '/mobile/user/get', token: user.authToken }), 401, 'UNAUTHORIZED');
      expectFailure(await h.call({ url: '/mobile/user/get', token: second.authToken }), 401, 'UNAUTHORIZED');
      expectFailure(
        await h.call({ method: 'POST', url: '/mobile/session/refresh', form: { refreshToken: second.refreshToken } }),
        401,
        'INVALID_REFRESH_TOKEN',
      );
      expectFailure(await h.login(user.email, user.password), 401, 'INVALID_CREDENTIALS');

      // The address is free again, for a brand-new account.
      const again = await h.register({ email: user.email });
      expect(again.userId).not.toBe(user.userId);
    });
  });

  describe('emailExists', () => {
    it('says whether an active account uses the address (case-insensitive)', async () => {
      const user = await h.register();
      expect(expectOk(await h.call({ url: '/web/user/email', query: { email: user.email.toUpperCase() } }))).toEqual({ exists: true });
      expect(expectOk(await h.call({ url: '/web/user/email', query: { email: uniqueEmail() } }))).toEqual({ exists: false });
      expectOk(await h.deleteAccount(user));
      expect(expectOk(await h.call({ url: '/web/user/email', query: { email: user.email } }))).toEqual({ exists: false });
    });

    it('refuses a malformed address', async () => {
      const response = await h.call({ url: '/web/user/email', query: { email: 'nope' } });
      expect(response.status).toBe(400);
      expect(['VALIDATION_ERROR', 'INVALID_EMAIL']).toContain(response.body.error.code);
    });
  });
});

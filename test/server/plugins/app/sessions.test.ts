import { describe, expect, it } from 'vitest';
import { hashToken } from '../../../../server/security/tokens';
import { backends } from '../../helpers/databases';
import { useHarness, expectFailure, expectOk } from '../../helpers/harness';

describe.each(backends)('sessions on $name', (backend) => {
  const h = useHarness(backend);

  const refresh = (refreshToken: string) => h.call({ method: 'POST', url: '/mobile/session/refresh', form: { refreshToken } });
  const getUser = (token: string) => h.call({ url: '/mobile/user/get', token });

  it('accepts the raw token and a "Bearer " prefix', async () => {
    const user = await h.register();
    expectOk(await getUser(user.authToken));
    expectOk(await getUser(`Bearer ${user.authToken}`));
    expectOk(await getUser(`bearer   ${user.authToken}`));
    expectFailure(await getUser(`Token ${user.authToken}`), 401, 'UNAUTHORIZED');
  });

  it('stores tokens only as SHA-256 hashes', async () => {
    const user = await h.register();
    const access = await h.db.selectFrom('auth_tokens').select('token_hash').where('user_id', '=', user.userId).execute();
    const refreshRows = await h.db.selectFrom('refresh_tokens').select('token_hash').where('user_id', '=', user.userId).execute();
    expect(access.map((r) => r.token_hash)).toEqual([hashToken(user.authToken)]);
    expect(refreshRows.map((r) => r.token_hash)).toEqual([hashToken(user.refreshToken)]);
  });

  it('expires the access token after its TTL (401 UNAUTHORIZED), and refresh gives a working one', async () => {
    const user = await h.register();
    h.clock.advance(h.config.accessTokenTtlSeconds + 1);
    expectFailure(await getUser(user.authToken), 401, 'UNAUTHORIZED');
    const tokens = expectOk(await refresh(user.refreshToken));
    expect(Object.keys(tokens).sort()).toEqual(['authToken', 'refreshToken']);
    expectOk(await getUser(tokens.authToken));
  });

  it('honours a short configured TTL: a token of a 60-second app dies a minute later, a 900-second one lives on', async () => {
    const app = await h.buildApp({ accessTokenTtlSeconds: 60 });
    const user = await h.register();
    const login = await h.login(user.email, user.password);
    const token = expectOk(login).authToken as string;
    const short = await app.inject({
      method: 'POST',
      url: '/mobile/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email: user.email, pwd: user.password }).toString(),
    });
    const shortToken = short.json().data.authToken as string;
    expectOk(await getUser(shortToken));
    h.clock.advance(30);
    expectOk(await getUser(shortToken));
    h.clock.advance(31);
    expectFailure(await getUser(shortToken), 401, 'UNAUTHORIZED');
    expectOk(await getUser(token));
  });

  it('rotates the refresh token on every use', async () => {
    const user = await h.register();
    const first = expectOk(await refresh(user.refreshToken));
    expect(first.refreshToken).not.toBe(user.refreshToken);
    expect(first.authToken).not.toBe(user.authToken);
    const second = expectOk(await refresh(first.refreshToken));
    expectOk(await getUser(second.authToken));
    // The old access tokens of the family keep working until they expire.
    expectOk(await getUser(user.authToken));
  });

  it('revokes the whole family when a rotated refresh token is used again', async () => {
    const user = await h.register();
    const other = expectOk(await h.login(user.email, user.password)); // a second family
    const rotated = expectOk(await refresh(user.refreshToken));

    const reuse = expectFailure(await refresh(user.refreshToken), 401, 'REFRESH_TOKEN_REUSED');
    expect(reuse.message).toBeTruthy();

    expectFailure(await refresh(rotated.refreshToken), 401, 'INVALID_REFRESH_TOKEN');
    expectFailure(await getUser(rotated.authToken), 401, 'UNAUTHORIZED');
    expectFailure(await getUser(user.authToken), 401, 'UNAUTHORIZED');
    // Another login (another family) is untouched.
    expectOk(await getUser(other.authToken));
    expectOk(await refresh(other.refreshToken));
  });

  it('lets only one of two simultaneous refreshes with the same token win', async () => {
    const user = await h.register();
    const results = await Promise.all([refresh(user.refreshToken), refresh(user.refreshToken)]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses[0]).toBe(200);
    expect(statuses[1]).toBe(401);
  });

  it('refuses unknown and expired refresh tokens with success false', async () => {
    const unknown = expectFailure(await refresh('x'.repeat(43)), 401, 'INVALID_REFRESH_TOKEN');
    expect(unknown.success).toBe(false);
    const user = await h.register();
    h.clock.advance(h.config.refreshTokenTtlSeconds + 1);
    expectFailure(await refresh(user.refreshToken), 401, 'INVALID_REFRESH_TOKEN');
  });

  it('needs no auth header for refresh and ignores a stale one', async () => {
    const user = await h.register();
    const response = await h.call({
      method: 'POST',
      url: '/mobile/session/refresh',
      form: { refreshToken: user.refreshToken },
      token: 'stale-token-from-before',
    });
    expectOk(response);
  });

  describe('logout', () => {
    const logout = (form: Record<string, string>) => h.call({ method: 'POST', url: '/mobile/session/logout', form });

    it('ends the session: the old auth token gets 401 and the old refresh token no longer refreshes', async () => {
      const user = await h.register();
      const other = expectOk(await h.login(user.email, user.password));
      expect(expectOk(await logout({ authToken: user.authToken, refreshToken: user.refreshToken }))).toEqual({ status: 'OK' });
      expectFailure(await getUser(user.authToken), 401, 'UNAUTHORIZED');
      expectFailure(await refresh(user.refreshToken), 401, 'INVALID_REFRESH_TOKEN');
      // Only this login's family ends: the member's other session goes on.
      expectOk(await getUser(other.authToken as string));
    });

    it('revokes the family from either token alone, including tokens rotated since', async () => {
      const user = await h.register();
      const rotated = expectOk(await refresh(user.refreshToken));
      expectOk(await logout({ refreshToken: rotated.refreshToken }));
      expectFailure(await getUser(rotated.authToken), 401, 'UNAUTHORIZED');

      const second = await h.register();
      expectOk(await logout({ authToken: second.authToken }));
      expectFailure(await refresh(second.refreshToken), 401, 'INVALID_REFRESH_TOKEN');
    });

    it('answers OK for unknown or already ended tokens (a replayed logout) and refuses an empty body', async () => {
      const user = await h.register();
      expectOk(await logout({ authToken: user.authToken }));
      expectOk(await logout({ authToken: user.authToken, refreshToken: user.refreshToken }));
      expectOk(await logout({ refreshToken: 'y'.repeat(43) }));
      expectFailure(await logout({}), 400, 'VALIDATION_ERROR');
    });
  });
});

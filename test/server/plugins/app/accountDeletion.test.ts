import { describe, expect, it } from 'vitest';
import { backends } from '../../helpers/databases';
import { useHarness, expectFailure, expectOk } from '../../helpers/harness';

/** Deleting the account is a two-step confirmation that asks for the password. */
describe.each(backends)('account deletion on $name', (backend) => {
  const h = useHarness(backend);

  const confirm = (token: string | undefined, password: string | undefined, extra: Record<string, string> = {}) =>
    h.call({ method: 'POST', url: '/api/tokenize', token, form: { tokenType: 'confirmPassword', password, ...extra } });
  const remove = (token: string, passwordToken?: string) =>
    h.call({ method: 'DELETE', url: '/mobile/user', token, query: { passwordToken } });

  it('confirms the password of the logged-in user only', async () => {
    const user = await h.register();
    expectFailure(await confirm(undefined, user.password), 401, 'UNAUTHORIZED');
    expectFailure(await confirm('not-a-real-token-0123456789', user.password), 401, 'UNAUTHORIZED');
    expectFailure(await confirm(user.authToken, undefined), 400, 'VALIDATION_ERROR');
    expectFailure(await confirm(user.authToken, 'Wrong-passw0rd!'), 400, 'INCORRECT_PASSWORD');
    expectFailure(await confirm(user.authToken, user.password, { userId: String(user.userId + 1) }), 403, 'FORBIDDEN');
    // The auth token may also travel in the form, as the app's client sends it for other types.
    const viaForm = await h.call({ method: 'POST', url: '/api/tokenize', form: { tokenType: 'confirmPassword', password: user.password, authToken: user.authToken } });
    expect(expectOk(viaForm).token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('refuses to delete an account with a password without its confirmation', async () => {
    const user = await h.register();
    expectFailure(await remove(user.authToken), 400, 'PASSWORD_CONFIRMATION_REQUIRED');
    expectFailure(await remove(user.authToken, 'made-up-token-0123456789'), 400, 'INVALID_TOKEN');
    expectFailure(await remove(user.authToken, await h.tokenize()), 400, 'INVALID_TOKEN');
    expectOk(await h.login(user.email, user.password));
  });

  it("never takes another user's confirmation, and leaves it usable by its owner", async () => {
    const ana = await h.register();
    const ben = await h.register();
    const bensToken = await h.confirmPassword(ben);
    expectFailure(await remove(ana.authToken, bensToken), 400, 'INVALID_TOKEN');
    expectOk(await h.login(ana.email, ana.password));
    expectOk(await remove(ben.authToken, bensToken));
  });

  it('deletes with a fresh confirmation, once; the member can no longer log in', async () => {
    const user = await h.registerVerified();
    const passwordToken = await h.confirmPassword(user);
    expect(expectOk(await remove(user.authToken, passwordToken))).toEqual({ status: 'OK' });
    expectFailure(await remove(user.authToken, passwordToken), 401, 'UNAUTHORIZED');
    expectFailure(await h.login(user.email, user.password), 401, 'INVALID_CREDENTIALS');
    expectFailure(await h.call({ method: 'POST', url: '/mobile/session/refresh', form: { refreshToken: user.refreshToken } }), 401, 'INVALID_REFRESH_TOKEN');
  });

  it('lets a confirmation expire after 10 minutes', async () => {
    const user = await h.register();
    const passwordToken = await h.confirmPassword(user);
    h.clock.advance(11 * 60);
    const fresh = expectOk(await h.login(user.email, user.password));
    expectFailure(await remove(fresh.authToken, passwordToken), 400, 'INVALID_TOKEN');
  });
});

// Loads fake-indexeddb before Dexie is imported.
import { MEMBER, resetData, sessionOf, signIn, startApp, toastsRaised, toastText, waitForLoad, waitForMember } from '../data/dataTestKit';
import { notificationsStore } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import type { Api } from '../../../src/api/client';
import { changePassword, deleteAccount, finishPasswordReset, PASSWORD_TOKEN_FAILED } from '../../../src/actors/accountRequests';
import type { SubmissionId } from '../../../src/actors/hooks';
import { whenLoaded } from '../../../src/actors/lazyActor';
import { listOfflineEarn, listOfflineForms, queueOfflineEarn, queueOfflineForm } from '../../../src/data/offlineQueues';
import { readPushDevice, storePushDevice } from '../../../src/data/pushDevice';
import { fakeFetch, requests } from '../screens/fakeFetch';

const ok = <T>(data: T) => ({ success: true as const, data });
const fail = (error: string, statusCode = 400) => ({ success: false as const, error, message: error, statusCode });

/** An Api whose calls answer from `answers` (a function per operation), recording what they were sent. */
function fakeApi(answers: Partial<Record<keyof Api, (input: unknown) => unknown>>) {
  const calls: [string, unknown][] = [];
  const api = new Proxy({} as Api, {
    get: (_, name: string) =>
      vi.fn(async (input: unknown) => {
        calls.push([name, input]);
        const answer = answers[name as keyof Api];
        if (!answer) throw new Error(`unexpected call ${name}`);
        return answer(input);
      }),
  });
  return { api, calls };
}

describe('changePassword', () => {
  const input = { userId: 7, currentPassword: 'Old-pass-1!', newPassword: 'New-pass-2!' };

  it('tokenizes with the current password, then changes with the token', async () => {
    const { api, calls } = fakeApi({ tokenize: () => ok({ token: 'tok' }), changePassword: () => ok({ status: 'OK' }) });
    expect(await changePassword(api, input)).toEqual({ ok: true });
    expect(calls).toEqual([
      ['tokenize', { tokenType: 'changePassword', userId: 7, password: 'New-pass-2!', currentPassword: 'Old-pass-1!' }],
      ['changePassword', { token: 'tok' }],
    ]);
  });

  it('stops at INCORRECT_PASSWORD', async () => {
    const { api, calls } = fakeApi({ tokenize: () => fail('INCORRECT_PASSWORD') });
    expect(await changePassword(api, input)).toEqual({ ok: false, code: 'INCORRECT_PASSWORD' });
    expect(calls).toHaveLength(1);
  });

  it("treats an empty token as 'Failed to create password token'", async () => {
    const { api, calls } = fakeApi({ tokenize: () => ok({ token: '' }) });
    expect(await changePassword(api, input)).toEqual({ ok: false, code: PASSWORD_TOKEN_FAILED });
    expect(calls).toHaveLength(1);
  });
});

describe('finishPasswordReset', () => {
  it('turns the new password into a password token for the mailed token', async () => {
    const { api, calls } = fakeApi({ tokenize: () => ok({ token: 'pw' }), resetPasswordFinish: () => ok({ status: 'OK' }) });
    expect(await finishPasswordReset(api, { emailToken: 'mail', password: 'New-pass-2!' })).toEqual({ ok: true });
    expect(calls).toEqual([
      ['tokenize', { tokenType: 'register', password: 'New-pass-2!' }],
      ['resetPasswordFinish', { emailToken: 'mail', passwordToken: 'pw' }],
    ]);
  });

  it('passes INVALID_TOKEN on', async () => {
    const { api } = fakeApi({ tokenize: () => ok({ token: 'pw' }), resetPasswordFinish: () => fail('INVALID_TOKEN') });
    expect(await finishPasswordReset(api, { emailToken: 'used', password: 'New-pass-2!' })).toEqual({
      ok: false,
      code: 'INVALID_TOKEN',
    });
  });
});

describe('deleteAccount', () => {
  it('confirms the password first and deletes with that token', async () => {
    const { api, calls } = fakeApi({ tokenize: () => ok({ token: 'confirm' }), deleteUser: () => ok({ status: 'OK' }) });
    expect(await deleteAccount(api, { password: 'Secret-1!' })).toEqual({ ok: true });
    expect(calls).toEqual([
      ['tokenize', { tokenType: 'confirmPassword', password: 'Secret-1!' }],
      ['deleteUser', { passwordToken: 'confirm' }],
    ]);
  });

  it('deletes nothing when the password is wrong', async () => {
    const { api, calls } = fakeApi({ tokenize: () => fail('INCORRECT_PASSWORD') });
    expect(await deleteAccount(api, { password: 'nope' })).toEqual({ ok: false, code: 'INCORRECT_PASSWORD' });
    expect(calls.map(([name]) => name)).toEqual(['tokenize']);
  });

  it('deletes an account without a password directly', async () => {
    const { api, calls } = fakeApi({ deleteUser: () => ok({ status: 'OK' }) });
    expect(await deleteAccount(api, {})).toEqual({ ok: true });
    expect(calls).toEqual([['deleteUser', {}]]);
  });
});

/** The app system with a recording navigate; `submit` sends one account request and waits for its end. */
async function appFor(member: number | null) {
  const navigations: Array<[string, { replace?: boolean } | undefined]> = [];
  const app = startApp({ navigate: (to, options) => void navigations.push([to, options]), connectivity: { isOnline: () => false } });
  await waitForMember(app, member);
  const submit = async (id: SubmissionId, input: unknown) => {
    const request = app.system.get(id)!;
    request.send({ type: 'user.submit', input });
    // an on-demand actor: its code comes with the first event (or the screen that asks for it)
    await whenLoaded(request);
    return waitFor(request, (s) => s.matches('succeeded') || s.matches('failed'));
  };
  return { app, navigations, submit };
}

afterEach(resetData);

describe('the account requests of the app system (accountRequestLogic)', () => {
  it('forgot password: the reset mail in the language of the app, the address kept for the screen', async () => {
    const sent = fakeFetch({ 'PUT /web/user/password/reset/start': { data: { status: 'OK' } } });
    const { submit } = await appFor(null);
    const done = await submit('passwordResetStart', { email: 'ada@example.org' });
    expect(done.context).toEqual({ value: 'ada@example.org', errorCode: null, followUps: {} });
    expect(requests(sent, 'PUT', '/web/user/password/reset/start').map((r) => [r.query, r.headers['accept-language']])).toEqual([
      [{ email: 'ada@example.org' }, 'en'],
    ]);
  });

  it('reset password: a signed-in session of the account ends, and the member logs in again with the address filled in', async () => {
    signIn();
    fakeFetch({ 'POST /api/tokenize': { data: { token: 'pw' } }, 'PUT /web/user/password/reset/finish': { data: { status: 'OK' } } });
    const { app, navigations, submit } = await appFor(MEMBER);
    await submit('passwordResetFinish', { emailToken: 'mail', password: 'New-pass-2!', email: 'ada@example.org' });

    expect(navigations).toEqual([['/login?email=ada%40example.org', { replace: true }]]);
    expect(toastsRaised()).toEqual(['success: Your password has been reset. Log in with your new password.']);
    await waitFor(app.system.get('session')!, (s) => s.matches('loggedOut'));
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('change password: nothing is sent for nobody', async () => {
    const sent = fakeFetch({});
    const { navigations, submit } = await appFor(null);
    const failed = await submit('passwordChange', { userId: null, currentPassword: 'Old-pass-1!', newPassword: 'New-pass-2!' });
    expect(failed.context.errorCode).toBe('NOT_SIGNED_IN');
    expect(sent).toEqual([]);
    expect(navigations).toEqual([]);
  });

  it("change password: the member's id goes with the token request; done, back to the profile with the toast", async () => {
    signIn();
    const sent = fakeFetch({ 'POST /api/tokenize': { data: { token: 'change' } }, 'PUT /mobile/user/password': { data: { status: 'OK' } } });
    const { navigations, submit } = await appFor(MEMBER);
    await submit('passwordChange', { userId: MEMBER, currentPassword: 'Old-pass-1!', newPassword: 'New-pass-2!' });
    expect(requests(sent, 'POST', '/api/tokenize')[0].form).toMatchObject({ tokenType: 'changePassword', userId: String(MEMBER) });
    expect(navigations).toEqual([['/profile', undefined]]);
    expect(toastsRaised()).toEqual(['success: Your password has been changed.']);
  });

  it('profile update: an inline toast (3 s), and the profile is fetched again', async () => {
    signIn();
    const sent = fakeFetch({ 'GET /mobile/user/get': { data: { userId: MEMBER, firstName: 'Ada' } }, 'PUT /mobile/user': { data: { userId: MEMBER, firstName: 'Augusta' } } });
    const { app, submit } = await appFor(MEMBER);
    await waitForLoad(app, 'profile', 'succeeded');
    await submit('profileUpdate', { firstName: 'Augusta', lastName: 'Lovelace', phone: '' });

    const [toast] = notificationsStore.getState().queue.concat(notificationsStore.getState().notifications);
    expect(toast).toMatchObject({ autoClose: 3000, id: 'profile-updated' });
    expect(toastText(toast.message)).toBe('Profile updated successfully');
    await vi.waitFor(() => expect(requests(sent, 'GET', '/mobile/user/get')).toHaveLength(2));
  });

  it("account deletion: the member's queued scans and answers go with the account, nobody else's; then the session ends", async () => {
    signIn();
    await queueOfflineEarn({ userId: MEMBER, metadata: { qrParam: 'CODE-OF-SEVEN-0000' } });
    await queueOfflineForm({ userId: MEMBER, formId: 3, data: {} });
    await queueOfflineEarn({ userId: 8, metadata: { qrParam: 'CODE-OF-EIGHT-0000' } });
    // This device remembers the member's push registration; the server forgot it with the account.
    storePushDevice(MEMBER, { deviceId: 'web-device-1', endpoint: 'https://push.example/send/1' });
    const sent = fakeFetch({ 'DELETE /mobile/user': { data: { status: 'OK' } } });
    const { app, submit } = await appFor(MEMBER);
    await submit('accountDeletion', { userId: MEMBER });

    await waitFor(app.system.get('session')!, (s) => s.matches('loggedOut'));
    expect(await listOfflineEarn(MEMBER)).toEqual([]);
    expect(await listOfflineForms(MEMBER)).toEqual([]);
    expect(await listOfflineEarn(8)).toHaveLength(1);
    expect(toastsRaised()).toEqual(['success: Your account has been deleted.']);
    expect(sessionOf(app).context.userId).toBeNull();
    // No delete call with the revoked token (it would be refused, with a logout error toast).
    expect(requests(sent, 'POST', '/mobile/device/identifier/delete')).toEqual([]);
    expect(readPushDevice(MEMBER)).toBeNull();
  });

  it('a failure is kept as its code, and leaving the screen (user.reset) forgets it', async () => {
    signIn();
    fakeFetch({ 'PUT /mobile/user': { status: 500, error: 'INTERNAL_ERROR' } });
    const { app, submit } = await appFor(MEMBER);
    const failed = await submit('profileUpdate', { firstName: 'A', lastName: 'B', phone: '' });
    expect(failed.context.errorCode).toBe('INTERNAL_ERROR');
    app.system.get('profileUpdate')!.send({ type: 'user.reset' });
    expect(app.system.get('profileUpdate')!.getSnapshot().matches('idle')).toBe(true);
    expect(app.system.get('profileUpdate')!.getSnapshot().context.errorCode).toBeNull();
  });

  it("logging out resets the member's requests (no error of theirs is left for the next member)", async () => {
    signIn();
    fakeFetch({ 'PUT /mobile/user': { status: 500, error: 'INTERNAL_ERROR' } });
    const { app, submit } = await appFor(MEMBER);
    await submit('profileUpdate', { firstName: 'A', lastName: 'B', phone: '' });
    app.system.get('session')!.send({ type: 'user.logout' });
    await waitForMember(app, null);
    expect(app.system.get('profileUpdate')!.getSnapshot().value).toBe('idle');
  });
});

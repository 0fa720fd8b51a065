import { describe, expect, it, vi } from 'vitest';
import type { Api } from '../../../src/api/client';
import { changePassword, deleteAccount, finishPasswordReset } from '../../../src/app/accountActions';

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
    expect(await changePassword(api, input)).toEqual({ ok: false, code: 'PASSWORD_TOKEN_FAILED' });
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

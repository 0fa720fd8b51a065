import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { normalizeCode, verificationMachine } from '../../machines/verification.machine';
import { selectCodeJustSent, selectResendError, selectResendSucceeded, selectVerifyError } from '../../machines/verification.selectors';
import type { VerificationCallOutput, VerificationInput, VerifyCodeInput } from '../../machines/verification.types';

function startVerification(
  fakes: { verify?: (code: string) => Promise<VerificationCallOutput>; resend?: () => Promise<VerificationCallOutput> } = {},
  input: VerificationInput = {},
) {
  const calls: Array<[string, unknown?]> = [];
  const machine = verificationMachine.provide({
    actors: {
      verifyCode: fromPromise<VerificationCallOutput, VerifyCodeInput>(async ({ input }) => {
        calls.push(['verifyCode', input]);
        return fakes.verify ? fakes.verify(input.code) : { ok: true };
      }),
      resendCode: fromPromise<VerificationCallOutput>(async () => {
        calls.push(['resendCode']);
        return fakes.resend ? fakes.resend() : { ok: true };
      }),
    },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, calls };
}

describe('code format', () => {
  it.each([
    ['123456', '123456'],
    ['  654321\n', '654321'],
    ['12345', null],
    ['1234567', null],
    ['12a456', null],
    ['12 3456', null],
    ['', null],
    ['１２３４５６', null],
  ])('%j -> %j', (raw, expected) => {
    expect(normalizeCode(raw)).toBe(expected);
  });

  it.each(['12345', 'abcdef', '', '123 456'])('refuses %j with INVALID_CODE_FORMAT without calling the server', (code) => {
    const { actor, calls } = startVerification();
    actor.send({ type: 'user.submit', code });
    const s = actor.getSnapshot();
    expect(s.matches({ ready: 'failed' })).toBe(true);
    expect(selectVerifyError(s)).toBe('INVALID_CODE_FORMAT');
    expect(calls).toEqual([]);
  });
});

describe('verifying', () => {
  it('sends the trimmed code and ends verified (done: that is what tells the session)', async () => {
    const { actor, calls } = startVerification();
    actor.send({ type: 'user.submit', code: ' 123456 ' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    const s = await waitFor(actor, (s) => s.matches('verified'));
    expect(s.status).toBe('done');
    expect(calls).toEqual([['verifyCode', { code: '123456' }]]);
  });

  it.each(['INVALID_CODE', 'CODE_EXPIRED', 'CODE_ATTEMPTS_EXCEEDED', 'NETWORK_ERROR'])('keeps %s and lets the user try again', async (code) => {
    let answer: VerificationCallOutput = { ok: false, code };
    const { actor, calls } = startVerification({ verify: async () => answer });
    actor.send({ type: 'user.submit', code: '111111' });
    const failed = await waitFor(actor, (s) => s.matches({ ready: 'failed' }));
    expect(selectVerifyError(failed)).toBe(code);
    answer = { ok: true };
    actor.send({ type: 'user.submit', code: '222222' });
    expect(actor.getSnapshot().context.errorCode).toBeNull();
    const verified = await waitFor(actor, (s) => s.matches('verified'));
    expect(verified.status).toBe('done');
    expect(calls).toEqual([
      ['verifyCode', { code: '111111' }],
      ['verifyCode', { code: '222222' }],
    ]);
  });

  it('treats ALREADY_VERIFIED as verified', async () => {
    const { actor } = startVerification({ verify: async () => ({ ok: false, code: 'ALREADY_VERIFIED' }) });
    actor.send({ type: 'user.submit', code: '123456' });
    const verified = await waitFor(actor, (s) => s.matches('verified'));
    expect(verified.status).toBe('done');
    expect(verified.context.errorCode).toBeNull();
  });

  it('reports UNKNOWN_ERROR when the adapter throws', async () => {
    const { actor } = startVerification({ verify: async () => Promise.reject(new Error('bug')) });
    actor.send({ type: 'user.submit', code: '123456' });
    const s = await waitFor(actor, (s) => s.matches({ ready: 'failed' }));
    expect(s.context.errorCode).toBe('UNKNOWN_ERROR');
  });

  it('ignores submit and resend while a call is in flight', () => {
    const { actor, calls } = startVerification({ verify: () => new Promise(() => {}) });
    actor.send({ type: 'user.submit', code: '123456' });
    expect(actor.getSnapshot().can({ type: 'user.resend' })).toBe(false);
    actor.send({ type: 'user.submit', code: '654321' });
    actor.send({ type: 'user.resend' });
    expect(calls).toEqual([['verifyCode', { code: '123456' }]]);
  });
});

describe('resend', () => {
  it('succeeds, then the user can verify', async () => {
    const { actor, calls } = startVerification();
    actor.send({ type: 'user.resend' });
    const s = await waitFor(actor, (s) => selectResendSucceeded(s));
    expect(s.context.errorCode).toBeNull();
    actor.send({ type: 'user.submit', code: '123456' });
    await waitFor(actor, (s) => s.matches('verified'));
    expect(calls).toEqual([['resendCode'], ['verifyCode', { code: '123456' }]]);
  });

  it('fails with the server code, and can be retried', async () => {
    let answer: VerificationCallOutput = { ok: false, code: 'NETWORK_ERROR' };
    const { actor } = startVerification({ resend: async () => answer });
    actor.send({ type: 'user.resend' });
    const failed = await waitFor(actor, (s) => s.matches({ ready: 'resendFailed' }));
    expect(selectResendError(failed)).toBe('NETWORK_ERROR');
    expect(failed.context.resendWaitSeconds).toBe(0);
    answer = { ok: true };
    actor.send({ type: 'user.resend' });
    await waitFor(actor, (s) => selectResendSucceeded(s));
  });

  it('after a code is sent, or the server says one just went out, waits 30 s before the next, counted down', async () => {
    let answer: VerificationCallOutput = { ok: false, code: 'RATE_LIMITED' };
    const { actor, calls } = startVerification({ resend: async () => answer });
    actor.send({ type: 'user.resend' });
    const waiting = await waitFor(actor, (s) => s.context.resendWaitSeconds > 0);
    // No error to show: the countdown says it all.
    expect([selectResendError(waiting), waiting.context.resendWaitSeconds]).toEqual([null, 30]);
    answer = { ok: true };
    actor.send({ type: 'user.resend' });
    expect(calls).toEqual([['resendCode']]);
    for (let i = 0; i < 29; i++) actor.send({ type: 'cooldown.tick' });
    expect(actor.getSnapshot().context.resendWaitSeconds).toBe(1);
    actor.send({ type: 'user.resend' });
    expect(calls).toHaveLength(1);
    actor.send({ type: 'cooldown.tick' });
    actor.send({ type: 'user.resend' });
    const sent = await waitFor(actor, (s) => selectResendSucceeded(s));
    expect(calls).toHaveLength(2);
    expect(sent.context.resendWaitSeconds).toBe(30);
  });

  it('right after the registration mailed a code, the first resend waits its 30 s, and says why', async () => {
    const { actor, calls } = startVerification({}, { codeJustSent: true });
    const start = actor.getSnapshot();
    expect([selectCodeJustSent(start), start.context.resendWaitSeconds, start.children.resendTimer !== undefined]).toEqual([true, 30, true]);
    actor.send({ type: 'user.resend' });
    expect(calls).toEqual([]);
    for (let i = 0; i < 30; i++) actor.send({ type: 'cooldown.tick' });
    expect([actor.getSnapshot().context.resendWaitSeconds, actor.getSnapshot().children.resendTimer]).toEqual([0, undefined]);
    actor.send({ type: 'user.resend' });
    await waitFor(actor, (s) => selectResendSucceeded(s));
    expect(calls).toEqual([['resendCode']]);
  });

  it('without a code just sent (a login), the first resend may go at once', () => {
    const { actor, calls } = startVerification();
    expect([selectCodeJustSent(actor.getSnapshot()), actor.getSnapshot().context.resendWaitSeconds]).toEqual([false, 0]);
    actor.send({ type: 'user.resend' });
    expect(calls).toEqual([['resendCode']]);
  });

  it('a resend refused because a code just went out says so beside the countdown', async () => {
    const { actor } = startVerification({ resend: async () => ({ ok: false, code: 'RATE_LIMITED' }) });
    actor.send({ type: 'user.resend' });
    const s = await waitFor(actor, (s) => s.context.resendWaitSeconds > 0);
    expect([selectCodeJustSent(s), selectResendError(s)]).toEqual([true, null]);
  });

  it('a resend failure after a throw reports UNKNOWN_ERROR', async () => {
    const { actor } = startVerification({ resend: async () => Promise.reject(new Error('bug')) });
    actor.send({ type: 'user.resend' });
    const s = await waitFor(actor, (s) => s.matches({ ready: 'resendFailed' }));
    expect(s.context.errorCode).toBe('UNKNOWN_ERROR');
  });

  it('an already verified account ends verified', async () => {
    const { actor, calls } = startVerification({ resend: async () => ({ ok: false, code: 'ALREADY_VERIFIED' }) });
    actor.send({ type: 'user.resend' });
    const verified = await waitFor(actor, (s) => s.matches('verified'));
    expect(verified.status).toBe('done');
    expect(calls).toEqual([['resendCode']]);
  });
});

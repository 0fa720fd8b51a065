import { assertEvent, assign, enqueueActions, fromCallback, fromPromise, setup, spawnChild } from 'xstate';
import type {
  VerificationCallOutput,
  VerificationContext,
  VerificationErrorCode,
  VerificationEvent,
  VerificationInput,
  VerifyCodeInput,
} from './verification.types';

const CODE_FORMAT = /^\d{6}$/;

/** The code as sent: trimmed, and exactly 6 digits, or null. */
export function normalizeCode(raw: string): string | null {
  const code = raw.trim();
  return CODE_FORMAT.test(code) ? code : null;
}

/** The failure code of a verify/resend answer, or null on success (ALREADY_VERIFIED included). */
export function callFailureCode(output: VerificationCallOutput): VerificationErrorCode | null {
  if (output.ok || output.code === 'ALREADY_VERIFIED') return null;
  return output.code;
}

const notProvided = { ok: false, code: 'NOT_PROVIDED' } as const;

/** After a code is sent (or the server says one was sent a moment ago), this long before the next. */
export const RESEND_COOLDOWN_SECONDS = 30;

/**
 * Verifying the account with the 6-digit e-mail code, and asking for a new code. A malformed
 * code never reaches the server. The session invokes it while the member is unverified; reaching
 * the final `verified` state is what tells the session. When the session has just registered
 * the member (the server mailed a code with the registration), the resend starts waiting at
 * once, and the member is told a code was just sent, as when the server refuses a resend
 * because a code went out a moment ago.
 */
export const verificationMachine = setup({
  types: {
    context: {} as VerificationContext,
    events: {} as VerificationEvent,
    input: {} as VerificationInput | undefined,
    tags: {} as 'busy',
  },
  actors: {
    /** POST /mobile/verify code=<6 digits>. Wrong/expired codes come back as data. */
    verifyCode: fromPromise<VerificationCallOutput, VerifyCodeInput>(async () => notProvided),
    /** POST /mobile/verify op=resend. */
    resendCode: fromPromise<VerificationCallOutput>(async () => notProvided),
    /** Sends `cooldown.tick` every second while the resend waits (the app binds a timer). */
    resendTimer: fromCallback(() => undefined),
  },
  actions: {
    assignError: assign((_, params: { code: VerificationErrorCode }) => ({ errorCode: params.code })),
    clearError: assign({ errorCode: null }),
    /** The next resend waits RESEND_COOLDOWN_SECONDS, counted down by the timer. */
    startCooldown: enqueueActions(({ enqueue }) => {
      enqueue.assign({ resendWaitSeconds: RESEND_COOLDOWN_SECONDS });
      enqueue.stopChild('resendTimer');
      enqueue.spawnChild('resendTimer', { id: 'resendTimer' });
    }),
    /** The wait the machine started with (a code mailed with the registration) is counted down. */
    startResendTimer: spawnChild('resendTimer', { id: 'resendTimer' }),
    tickCooldown: enqueueActions(({ context, enqueue }) => {
      const next = Math.max(0, context.resendWaitSeconds - 1);
      enqueue.assign({ resendWaitSeconds: next });
      if (next === 0) enqueue.stopChild('resendTimer');
    }),
  },
  guards: {
    isWellFormed: (_, params: { code: string }) => normalizeCode(params.code) !== null,
    isCallFailure: (_, params: { output: VerificationCallOutput }) => callFailureCode(params.output) !== null,
    isAlreadyVerified: (_, params: { output: VerificationCallOutput }) => !params.output.ok && params.output.code === 'ALREADY_VERIFIED',
    isRateLimited: (_, params: { output: VerificationCallOutput }) => !params.output.ok && params.output.code === 'RATE_LIMITED',
    mayResend: ({ context }) => context.resendWaitSeconds === 0,
    isResendWaiting: ({ context }) => context.resendWaitSeconds > 0,
  },
}).createMachine({
  id: 'verification',
  initial: 'starting',
  context: ({ input }) => ({ errorCode: null, resendWaitSeconds: input?.codeJustSent ? RESEND_COOLDOWN_SECONDS : 0 }),
  states: {
    /** Transient: a code mailed with the registration a moment ago makes the resend wait. */
    starting: {
      always: [
        {
          guard: 'isResendWaiting',
          target: 'ready.codeSent',
          actions: 'startResendTimer',
        },
        { target: 'ready' },
      ],
    },
    /** Waiting for the user; the child says what the last attempt gave. */
    ready: {
      initial: 'idle',
      on: {
        'cooldown.tick': { actions: 'tickCooldown' },
        'user.submit': [
          {
            guard: { type: 'isWellFormed', params: ({ event }) => ({ code: event.code }) },
            target: 'verifying',
            actions: 'clearError',
          },
          { target: '.failed', actions: { type: 'assignError', params: { code: 'INVALID_CODE_FORMAT' } } },
        ],
        // While the resend waits, asking again does nothing (the button shows the countdown).
        'user.resend': { guard: 'mayResend', target: 'resending', actions: 'clearError' },
      },
      states: {
        idle: {},
        /** A code went out a moment ago (with the registration, or as the server says): the resend waits. */
        codeSent: {},
        failed: {},
        resendSucceeded: {},
        resendFailed: {},
      },
    },
    verifying: {
      tags: 'busy',
      on: { 'cooldown.tick': { actions: 'tickCooldown' } },
      invoke: {
        id: 'verifyCode',
        src: 'verifyCode',
        input: ({ event }) => {
          assertEvent(event, 'user.submit');
          return { code: normalizeCode(event.code) ?? '' };
        },
        onDone: [
          {
            guard: { type: 'isCallFailure', params: ({ event }) => ({ output: event.output }) },
            target: 'ready.failed',
            actions: { type: 'assignError', params: ({ event }) => ({ code: callFailureCode(event.output) ?? 'UNKNOWN_ERROR' }) },
          },
          { target: 'verified' },
        ],
        onError: { target: 'ready.failed', actions: { type: 'assignError', params: { code: 'UNKNOWN_ERROR' } } },
      },
    },
    resending: {
      tags: 'busy',
      on: { 'cooldown.tick': { actions: 'tickCooldown' } },
      invoke: {
        id: 'resendCode',
        src: 'resendCode',
        onDone: [
          {
            // A code went out a moment ago: wait, as after a resend of our own.
            guard: { type: 'isRateLimited', params: ({ event }) => ({ output: event.output }) },
            target: 'ready.codeSent',
            actions: 'startCooldown',
          },
          {
            guard: { type: 'isCallFailure', params: ({ event }) => ({ output: event.output }) },
            target: 'ready.resendFailed',
            actions: { type: 'assignError', params: ({ event }) => ({ code: callFailureCode(event.output) ?? 'UNKNOWN_ERROR' }) },
          },
          { guard: { type: 'isAlreadyVerified', params: ({ event }) => ({ output: event.output }) }, target: 'verified' },
          { target: 'ready.resendSucceeded', actions: 'startCooldown' },
        ],
        onError: { target: 'ready.resendFailed', actions: { type: 'assignError', params: { code: 'UNKNOWN_ERROR' } } },
      },
    },
    verified: {
      type: 'final',
    },
  },
});

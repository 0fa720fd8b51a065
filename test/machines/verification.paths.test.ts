import { verificationMachine } from '../../machines/verification.machine';
import {
  selectCodeJustSent,
  selectIsResending,
  selectIsVerified,
  selectIsVerifying,
  selectResendError,
  selectResendSucceeded,
  selectResendWaitSeconds,
  selectVerifyError,
} from '../../machines/verification.selectors';
import { RESEND_COOLDOWN_SECONDS } from '../../machines/verification.machine';
import type { VerificationCallOutput, VerificationEvent, VerificationInput } from '../../machines/verification.types';
import { describeMachinePaths, type PathEvent } from './describePathCoverage';
import type { ActorOutputFixtures, EventFixtures } from './pathCoverage';
import { actorStarted, actorStopped, type Effect } from './recording';

const events = {
  'user.submit': [
    { type: 'user.submit', code: ' 123456 ' },
    { type: 'user.submit', code: '12345' },
    { type: 'user.submit', code: '12a456' },
  ],
  'user.resend': [{ type: 'user.resend' }],
  'cooldown.tick': [{ type: 'cooldown.tick' }],
} satisfies EventFixtures<VerificationEvent>;

const outputs = {
  verifyCode: [
    { ok: true },
    { ok: false, code: 'INVALID_CODE' },
    { ok: false, code: 'CODE_EXPIRED' },
    { ok: false, code: 'CODE_ATTEMPTS_EXCEEDED' },
    { ok: false, code: 'NETWORK_ERROR' },
    { ok: false, code: 'ALREADY_VERIFIED' },
  ],
  resendCode: [{ ok: true }, { ok: false, code: 'RATE_LIMITED' }, { ok: false, code: 'NETWORK_ERROR' }, { ok: false, code: 'ALREADY_VERIFIED' }],
  resendTimer: [undefined],
} satisfies ActorOutputFixtures<typeof verificationMachine>;

/**
 * The rules (verifying the account by a code sent by e-mail, and sending a new one): the code is 6 digits once trimmed; any
 * other text is refused (INVALID_CODE_FORMAT) without a call. A well-formed code is sent trimmed;
 * a wrong, expired or over-tried code (or no answer) is shown and the member may try again. An
 * account already verified counts as verified, whichever call says so. A new code may be asked
 * for; its failure is shown apart from the code's. After a code is sent, or the server says one
 * went out a moment ago (RATE_LIMITED: no error, the same wait), the next resend waits
 * RESEND_COOLDOWN_SECONDS, counted down by a timer started then (asking meanwhile does nothing);
 * the timer stops at zero; the member is told a code was just sent. When the session starts it
 * right after a registration (the server mailed a code with it), the same wait and the same line
 * are there from the start, the timer running. Verified is the end (the session follows). One
 * call at a time.
 */
function verificationRules(input: VerificationInput | undefined) {
  type View = 'idle' | 'codeSent' | 'verifying' | 'resending' | 'codeFailed' | 'resent' | 'resendFailed' | 'verified';
  const justSent = input?.codeJustSent === true;
  let view: View = justSent ? 'codeSent' : 'idle';
  let error: string | null = null;
  let wait = justSent ? RESEND_COOLDOWN_SECONDS : 0;
  /** The end: a timer still counting stops with the machine. */
  const verified = (): Effect[] => {
    view = 'verified';
    return wait > 0 ? [actorStopped('resendTimer')] : [];
  };
  /** The timer (re)started, the previous one stopped first. */
  const startCooldown = (): Effect[] => {
    wait = RESEND_COOLDOWN_SECONDS;
    return [actorStarted('resendTimer', undefined, 'resendTimer')];
  };
  const waiting = () => {
    if (view === 'verifying' || view === 'resending' || view === 'verified') throw new Error(`no input while ${view}`);
  };
  return {
    started: justSent ? [actorStarted('resendTimer', undefined, 'resendTimer')] : [],
    on(event: PathEvent<VerificationEvent>): Effect[] {
      switch (event.type) {
        case 'user.submit': {
          waiting();
          const code = event.code.trim();
          if (!/^\d{6}$/.test(code)) {
            view = 'codeFailed';
            error = 'INVALID_CODE_FORMAT';
            return [];
          }
          view = 'verifying';
          error = null;
          return [actorStarted('verifyCode', { code })];
        }
        case 'user.resend':
          waiting();
          if (wait > 0) return [];
          view = 'resending';
          error = null;
          return [actorStarted('resendCode')];
        case 'cooldown.tick':
          // A finished machine takes no more events; a stopped timer sends none.
          if (view === 'verified' || wait === 0) return [];
          wait -= 1;
          return wait === 0 ? [actorStopped('resendTimer')] : [];
        case 'xstate.done.actor.verifyCode': {
          const output = event.output as VerificationCallOutput;
          if (output.ok || output.code === 'ALREADY_VERIFIED') return verified();
          [view, error] = ['codeFailed', output.code];
          return [];
        }
        case 'xstate.error.actor.verifyCode':
          [view, error] = ['codeFailed', 'UNKNOWN_ERROR'];
          return [];
        case 'xstate.done.actor.resendCode': {
          const output = event.output as VerificationCallOutput;
          if (output.ok) {
            view = 'resent';
            return startCooldown();
          }
          if (output.code === 'RATE_LIMITED') {
            view = 'codeSent';
            return startCooldown();
          }
          if (output.code === 'ALREADY_VERIFIED') return verified();
          [view, error] = ['resendFailed', output.code];
          return [];
        }
        case 'xstate.error.actor.resendCode':
          [view, error] = ['resendFailed', 'UNKNOWN_ERROR'];
          return [];
        default:
          throw new Error(`the rules have no ${event.type}`);
      }
    },
    meaning: () => ({
      verifying: view === 'verifying',
      resending: view === 'resending',
      verified: view === 'verified',
      verifyError: view === 'codeFailed' ? error : null,
      resendError: view === 'resendFailed' ? error : null,
      resent: view === 'resent',
      codeJustSent: view === 'codeSent',
      resendWait: wait,
    }),
  };
}

describeMachinePaths({
  name: 'verification',
  machine: verificationMachine,
  events,
  outputs,
  meaning: (s) => ({
    verifying: selectIsVerifying(s),
    resending: selectIsResending(s),
    verified: selectIsVerified(s),
    verifyError: selectVerifyError(s),
    resendError: selectResendError(s),
    resent: selectResendSucceeded(s),
    codeJustSent: selectCodeJustSent(s),
    resendWait: selectResendWaitSeconds(s),
  }),
  inputs: { 'after a login': undefined, 'right after the registration': { codeJustSent: true } },
  oracle: verificationRules,
  words: {
    events: {
      'user.submit': (e) => `the member enters "${e.code}"`,
      'user.resend': 'asks for a new code',
      'cooldown.tick': 'a second passes',
      'xstate.done.actor.verifyCode': (e) => {
        const output = e.output as VerificationCallOutput;
        return output.ok ? 'the code is right' : `the code is refused (${output.code})`;
      },
      'xstate.error.actor.verifyCode': 'checking the code breaks',
      'xstate.done.actor.resendCode': (e) => {
        const output = e.output as VerificationCallOutput;
        return output.ok ? 'a new code is sent' : `the resend is refused (${output.code})`;
      },
      'xstate.error.actor.resendCode': 'the resend breaks',
    },
    outcome: (m) => {
      if (m.verified) return 'the account is verified';
      const wait = m.resendWait > 0 ? `, a new code in ${m.resendWait} s` : '';
      if (m.verifying) return `the code is being checked${wait}`;
      if (m.resending) return 'a new code is being sent';
      if (m.verifyError) return `the member is told the code failed (${m.verifyError})${wait}`;
      if (m.resendError) return `the member is told the resend failed (${m.resendError})${wait}`;
      if (m.resent) return `the member is told a new code was sent${wait}`;
      if (m.codeJustSent) return `the member is told a code was just sent${wait}`;
      return `the form waits for the code${wait}`;
    },
  },
});

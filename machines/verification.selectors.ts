import type { SnapshotFrom } from 'xstate';
import type { verificationMachine } from './verification.machine';

export type VerificationSnapshot = SnapshotFrom<typeof verificationMachine>;

export const selectIsVerifying = (s: VerificationSnapshot) => s.matches('verifying');
export const selectIsResending = (s: VerificationSnapshot) => s.matches('resending');
export const selectIsVerified = (s: VerificationSnapshot) => s.matches('verified');
export const selectVerifyError = (s: VerificationSnapshot) => (s.matches({ ready: 'failed' }) ? s.context.errorCode : null);
export const selectResendError = (s: VerificationSnapshot) => (s.matches({ ready: 'resendFailed' }) ? s.context.errorCode : null);
export const selectResendSucceeded = (s: VerificationSnapshot) => s.matches({ ready: 'resendSucceeded' });
/** A code went out a moment ago (with the registration, or as a refused resend says): the member is told so. */
export const selectCodeJustSent = (s: VerificationSnapshot) => s.matches({ ready: 'codeSent' });
export const selectResendWaitSeconds = (s: VerificationSnapshot) => s.context.resendWaitSeconds;

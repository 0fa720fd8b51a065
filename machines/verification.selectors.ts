import type { SnapshotFrom } from 'xstate';
import type { verificationMachine } from './verification.machine';

export type VerificationSnapshot = SnapshotFrom<typeof verificationMachine>;

export const selectIsVerifying = (s: VerificationSnapshot) => s.matches('verifying');
export const selectIsResending = (s: VerificationSnapshot) => s.matches('resending');
export const selectIsVerified = (s: VerificationSnapshot) => s.matches('verified');
export const selectVerifyError = (s: VerificationSnapshot) => (s.matches({ ready: 'failed' }) ? s.context.errorCode : null);
export const selectResendError = (s: VerificationSnapshot) => (s.matches({ ready: 'resendFailed' }) ? s.context.errorCode : null);
export const selectResendSucceeded = (s: VerificationSnapshot) => s.matches({ ready: 'resendSucceeded' });
export const selectResendWaitSeconds = (s: VerificationSnapshot) => s.context.resendWaitSeconds;

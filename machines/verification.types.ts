/**
 * Types of the e-mail code verification.
 */

/**
 * INVALID_CODE_FORMAT is decided by the machine (not 6 digits after trimming); the others come
 * from the server or the adapter (NETWORK_ERROR when offline, UNKNOWN_ERROR when it threw).
 */
export type VerificationErrorCode =
  | 'INVALID_CODE_FORMAT'
  | 'INVALID_CODE'
  | 'CODE_EXPIRED'
  | 'CODE_ATTEMPTS_EXCEEDED'
  | 'RATE_LIMITED'
  | 'NETWORK_ERROR'
  | 'UNKNOWN_ERROR'
  | (string & {});

/**
 * Answer of the verify and resend calls. ALREADY_VERIFIED counts as verified: the account is
 * verified whatever this screen did.
 */
export type VerificationCallOutput = { ok: true } | { ok: false; code: VerificationErrorCode | 'ALREADY_VERIFIED' };

/** Input of `verifyCode`: POST /mobile/verify code=... */
export interface VerifyCodeInput {
  /** Exactly 6 digits (already trimmed). */
  code: string;
}

/** What the session starts the verification with. */
export interface VerificationInput {
  /**
   * The server mailed a code a moment ago (the member has just registered): the resend waits
   * from now, and the member is told a code was just sent.
   */
  codeJustSent?: boolean;
}

export interface VerificationContext {
  errorCode: VerificationErrorCode | null;
  /** Seconds before another code may be asked for (0: now). */
  resendWaitSeconds: number;
}

export type VerificationEvent = { type: 'user.submit'; code: string } | { type: 'user.resend' } | { type: 'cooldown.tick' };

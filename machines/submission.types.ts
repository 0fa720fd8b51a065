/**
 * Types of one account request a screen submits (forgot password, reset password, change
 * password, edit profile, delete account): sending, then done or failed with a code.
 */

/** The request's answer: done (with what it gave), or the error code the screen puts in words. */
export type SubmissionOutput = { ok: true; value?: unknown } | { ok: false; code: string };

export interface SubmissionContext {
  /** What the last successful request gave. */
  value: unknown;
  errorCode: string | null;
}

export type SubmissionEvent =
  /** The member submitted the form: `input` is what the request sends. */
  | { type: 'user.submit'; input: unknown }
  /** The member left the screen or starts over: forget the last answer. */
  | { type: 'user.reset' };

/**
 * Types of one account request a screen submits (forgot password, reset password, change
 * password, edit profile, delete account): sending, then done or failed with a code.
 */

/** The request's answer: done (with what it gave), or the error code the screen puts in words. */
export type SubmissionOutput = { ok: true; value?: unknown } | { ok: false; code: string };

/**
 * What a request's success tells the other app-wide actors (given by the app root per request as
 * its input): the session logs out (a reset password ends every session of the account; a deleted
 * account has none), forgets the push registration (the server forgot it with the account), the
 * resources reload a key (an edited profile).
 */
export interface SubmissionFollowUps {
  logOut?: boolean;
  forgetPush?: boolean;
  reload?: 'profile';
}

export interface SubmissionInput {
  followUps?: SubmissionFollowUps;
}

export interface SubmissionContext {
  /** What the last successful request gave. */
  value: unknown;
  errorCode: string | null;
  /** See SubmissionFollowUps (none without input). */
  followUps: SubmissionFollowUps;
}

export type SubmissionEvent =
  /** The member submitted the form: `input` is what the request sends. */
  | { type: 'user.submit'; input: unknown }
  /** The member left the screen or starts over: forget the last answer. */
  | { type: 'user.reset' };

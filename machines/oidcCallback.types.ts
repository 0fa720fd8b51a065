/**
 * Types of the Google / Apple sign-in callback (/auth/callback): the server's ticket exchanged
 * for a session, or a first sign-in completed with the signup rules.
 */
import type { AuthData } from './session.types';

/** A first sign-in waiting for the signup form (provider, e-mail, names, its ticket); opaque here. */
export type PendingSignup = { ticket: string; email: string } & Record<string, unknown>;

/** Signed in: what the session is told (`session.authenticated`). */
export interface SignedIn {
  auth: AuthData;
  email: string;
  rememberMe: boolean;
}

/** POST /web/auth/session ticket: a known member signed in, or a new one to sign up, or why not. */
export type ExchangeTicketOutput =
  | { ok: true; outcome: 'signedIn'; signedIn: SignedIn }
  | { ok: true; outcome: 'signupRequired'; signup: PendingSignup }
  | { ok: false; code: string };

/** What the signup form adds to the pending sign-in (community, terms, date of birth, names). */
export type CompleteSignupInput = Record<string, unknown>;

/** POST /web/auth/register: the new member signed in, or why not. */
export type RegisterOutput = { ok: true; signedIn: SignedIn } | { ok: false; code: string };

export interface OidcCallbackContext {
  /** The ticket being (or last) exchanged: a ticket works once. */
  ticket: string | null;
  /** Where a signed-in member goes (a safe app path). */
  returnTo: string;
  signup: PendingSignup | null;
  signedIn: SignedIn | null;
  errorCode: string | null;
}

export type OidcCallbackEvent =
  /** /auth/callback opened with `?ticket=`, `?error=`, or neither (back from the community scan). */
  | { type: 'callback.opened'; ticket: string | null; error: string | null; returnTo: string }
  /** The member filled in the signup form. */
  | { type: 'user.completeSignup'; input: CompleteSignupInput };

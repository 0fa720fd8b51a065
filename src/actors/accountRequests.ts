import { msg } from '@lingui/core/macro';
import { fromPromise } from 'xstate';
import { submissionMachine } from '../../machines/submission.machine';
import type { SubmissionOutput } from '../../machines/submission.types';
import type { User } from '../api/client';
import { i18n } from '../i18n/i18n';
import type { SystemApi } from './api';
import type { Navigate } from './navigation';
import { clearPushDevice } from '../data/pushDevice';
import { showToast } from './toast';
import type { Api } from '../api/client';

/** The e-mail the API testing page asks about. */
export interface EmailCheckInput {
  email: string;
}

/** The outcome of an account action: done, or the error code the screen turns into a message. */
export type ActionResult = { ok: true } | { ok: false; code: string };

const done: ActionResult = { ok: true };
const failed = (code: string): ActionResult => ({ ok: false, code });

/** Empty token text from a tokenize call that "succeeded" (SPEC §5: 'Failed to create password token'). */
export const PASSWORD_TOKEN_FAILED = 'PASSWORD_TOKEN_FAILED';

/**
 * Change password (SPEC §5, §7): tokenize(changePassword) checks the current password
 * (INCORRECT_PASSWORD), the rules (WEAK_PASSWORD) and that the new one differs
 * (PASSWORD_UNCHANGED); the token then changes it.
 */
export async function changePassword(
  api: Api,
  input: { userId: number; currentPassword: string; newPassword: string },
  signal?: AbortSignal,
): Promise<ActionResult> {
  const tokenized = await api.tokenize(
    { tokenType: 'changePassword', userId: input.userId, password: input.newPassword, currentPassword: input.currentPassword },
    { signal },
  );
  if (!tokenized.success) return failed(tokenized.error);
  if (!tokenized.data.token) return failed(PASSWORD_TOKEN_FAILED);
  const changed = await api.changePassword({ token: tokenized.data.token }, { signal });
  return changed.success ? done : failed(changed.error);
}

/** Reset password, second half: the new password becomes a password token, then the mailed token applies it. */
export async function finishPasswordReset(
  api: Api,
  input: { emailToken: string; password: string },
  signal?: AbortSignal,
): Promise<ActionResult> {
  const tokenized = await api.tokenize({ tokenType: 'register', password: input.password }, { signal });
  if (!tokenized.success) return failed(tokenized.error);
  if (!tokenized.data.token) return failed(PASSWORD_TOKEN_FAILED);
  const finished = await api.resetPasswordFinish({ emailToken: input.emailToken, passwordToken: tokenized.data.token }, { signal });
  return finished.success ? done : failed(finished.error);
}

/**
 * Delete the account. With a password (accounts that have one), tokenize(confirmPassword) proves
 * it first (INCORRECT_PASSWORD) and the deletion carries that token; accounts made through Google
 * or Apple have no password and delete without one.
 */
export async function deleteAccount(api: Api, input: { password?: string }, signal?: AbortSignal): Promise<ActionResult> {
  let passwordToken: string | undefined;
  if (input.password !== undefined) {
    const tokenized = await api.tokenize({ tokenType: 'confirmPassword', password: input.password }, { signal });
    if (!tokenized.success) return failed(tokenized.error);
    if (!tokenized.data.token) return failed(PASSWORD_TOKEN_FAILED);
    passwordToken = tokenized.data.token;
  }
  const deleted = await api.deleteUser(passwordToken ? { passwordToken } : {}, { signal });
  return deleted.success ? done : failed(deleted.error);
}

// --- The account requests of the app's system (SPEC §2 Profile, forgot/reset password) ---


const successMessages = {
  passwordReset: msg({ id: 'pages.resetPassword.success', message: 'Your password has been reset. Log in with your new password.' }),
  passwordChanged: msg({ id: 'pages.changePassword.success', message: 'Your password has been changed.' }),
  profileUpdated: msg({ id: 'pages.profile.updated', message: 'Profile updated successfully' }),
  accountDeleted: msg({ id: 'pages.deleteAccount.deleted', message: 'Your account has been deleted.' }),
};

const asOutput = (result: ActionResult): SubmissionOutput => (result.ok ? { ok: true } : result);

/** Input of the forgot-password request. */
export interface PasswordResetStartInput {
  email: string;
}
/** Input of the reset-password request: the mailed token, the new password, and whose (to log in with). */
export interface PasswordResetFinishInput {
  emailToken: string;
  password: string;
  email: string;
}
/** The member changing their password comes with the request (the screen reads the session). */
export interface PasswordChangeInput {
  userId: number | null;
  currentPassword: string;
  newPassword: string;
}
export interface ProfileUpdateInput {
  firstName: string;
  lastName: string;
  phone: string;
  /** The stored date of birth goes back unchanged (never a made-up one). */
  dayOfBirth?: string;
}
/** The setup link's form: its token, the first community's name, and its owner's sign-in. */
export interface OperatorSetupInput {
  token: string;
  community: string;
  email: string;
  password: string;
}
/** The member deleting their account comes with the request (the screen reads the session). */
export interface AccountDeletionInput {
  userId: number | null;
  /** Accounts made through Google or Apple have no password. */
  password?: string;
}

// The local databases load only when a deleted account's queues are dropped.
const userData = () => import('../data/clearUserData');

/** The account requests, each a `submission` actor bound to its call and what follows success. */
export function accountRequestLogic({ systemApi: { apiOf }, navigate }: { systemApi: SystemApi; navigate: Navigate }) {
  return {
    passwordResetStart: submissionMachine.provide({
      actors: {
        send: fromPromise<SubmissionOutput, unknown>(async ({ input, signal, system }) => {
          const { email } = input as PasswordResetStartInput;
          const result = await apiOf(system).resetPasswordStart({ email }, { signal });
          return result.success ? { ok: true, value: email } : { ok: false, code: result.error };
        }),
      },
    }),
    passwordResetFinish: submissionMachine.provide({
      actors: {
        send: fromPromise<SubmissionOutput, unknown>(async ({ input, signal, system }) => {
          const { emailToken, password, email } = input as PasswordResetFinishInput;
          const result = await finishPasswordReset(apiOf(system), { emailToken, password }, signal);
          return result.ok ? { ok: true, value: email } : result;
        }),
      },
      actions: {
        // Every session of the account ended with the reset, this one too: the machine tells the
        // session (its `followUps`, given by the app root).
        notifySucceeded: (_, { value }) => {
          showToast('success', () => i18n._(successMessages.passwordReset), { id: 'password-reset' });
          const email = typeof value === 'string' ? value : '';
          navigate(email ? `/login?email=${encodeURIComponent(email)}` : '/login', { replace: true });
        },
      },
    }),
    passwordChange: submissionMachine.provide({
      actors: {
        send: fromPromise<SubmissionOutput, unknown>(async ({ input, signal, system }) => {
          const { userId, currentPassword, newPassword } = input as PasswordChangeInput;
          if (userId === null) return { ok: false, code: 'NOT_SIGNED_IN' };
          return asOutput(await changePassword(apiOf(system), { userId, currentPassword, newPassword }, signal));
        }),
      },
      actions: {
        notifySucceeded: () => {
          showToast('success', () => i18n._(successMessages.passwordChanged), { id: 'password-changed' });
          navigate('/profile');
        },
      },
    }),
    profileUpdate: submissionMachine.provide({
      actors: {
        send: fromPromise<SubmissionOutput, unknown>(async ({ input, signal, system }) => {
          const result = await apiOf(system).updateUser(input as ProfileUpdateInput, { signal });
          return result.success ? { ok: true, value: result.data satisfies User } : { ok: false, code: result.error };
        }),
      },
      actions: {
        // The profile reloads: the machine tells the resources (its `followUps`).
        notifySucceeded: () => showToast('success', () => i18n._(successMessages.profileUpdated), { id: 'profile-updated', inline: true }),
      },
    }),
    // The API testing page: does an account use this e-mail? (GET /web/user/email); the answer is the value.
    emailCheck: submissionMachine.provide({
      actors: {
        send: fromPromise<SubmissionOutput, unknown>(async ({ input, signal, system }) => {
          const result = await apiOf(system).emailExists({ email: (input as EmailCheckInput).email }, { signal });
          return result.success ? { ok: true, value: result.data.exists } : { ok: false, code: result.error };
        }),
      },
    }),
    // The setup link (POST /admin/setup): the answer (the community, its join link, the owner's
    // e-mail) is the value the screen shows; no session changes (the owner signs in next).
    operatorSetup: submissionMachine.provide({
      actors: {
        send: fromPromise<SubmissionOutput, unknown>(async ({ input, signal, system }) => {
          const result = await apiOf(system).adminSetup(input as OperatorSetupInput, { signal });
          return result.success ? { ok: true, value: result.data } : { ok: false, code: result.error };
        }),
      },
    }),
    accountDeletion: submissionMachine.provide({
      actors: {
        send: fromPromise<SubmissionOutput, unknown>(async ({ input, signal, system }) => {
          const { userId, password } = input as AccountDeletionInput;
          const result = asOutput(await deleteAccount(apiOf(system), password === undefined ? {} : { password }, signal));
          if (!result.ok || userId === null) return result;
          // The server forgot the account's push registrations with it: the logout only drops
          // the browser's subscription (a delete call with the revoked token would be refused).
          clearPushDevice(userId);
          // A logout keeps the member's queued pips for their next sign-in; a deleted account has none.
          await userData()
            .then((data) => data.dropOfflineQueues(userId))
            .catch(() => {});
          return result;
        }),
      },
      actions: {
        // Then the session forgets the push registration and logs out: the machine tells it (its `followUps`).
        notifySucceeded: () => showToast('success', () => i18n._(successMessages.accountDeleted), { id: 'account-deleted' }),
      },
    }),
  };
}

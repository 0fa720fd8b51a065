import type { Api } from '../api/client';

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

import { msg } from '@lingui/core/macro';

/** Texts shared by the screens that set a password (reset, change, delete confirmation). */
export const passwordMessages = {
  hint: msg({
    id: 'pages.signup.passwordHint',
    message: 'At least 8 characters, with a number, an uppercase and a lowercase letter and a special character.',
  }),
  toggle: msg({ id: 'pages.login.togglePassword', message: 'Show or hide password' }),
  weak: msg({
    id: 'components.password.weak',
    message: 'This password is too weak. Use at least 8 characters with a number, an uppercase and a lowercase letter and a special character.',
  }),
  tokenFailed: msg({ id: 'pages.signup.passwordTokenFailed', message: 'Failed to create password token' }),
  incorrect: msg({ id: 'pages.changePassword.incorrectPassword', message: 'Incorrect password. Please try again.' }),
  rateLimited: msg({
    id: 'components.password.rateLimited',
    message: 'Too many attempts. Please wait a minute and try again.',
  }),
};

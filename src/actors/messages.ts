import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { commonMessages } from '../components/errorMessages';

/** Toasts raised by the app-wide actors. */
export const actorMessages = {
  sessionExpired: msg({ id: 'components.session.expired', message: 'Your session has expired. Please log in again.' }),
  logoutError: msg({
    id: 'pages.login.logoutError',
    message: 'Something went wrong while logging out. Your data on this device was cleared anyway.',
  }),
};

/** What a failed registration tells the user (otherwise pages.signup.errorMessage). */
export const registerErrors: Record<string, MessageDescriptor> = {
  EMAIL_TAKEN: msg({
    id: 'pages.signup.emailTaken',
    message: 'An account with this email already exists. Try logging in instead.',
  }),
  COMMUNITY_NOT_FOUND: msg({
    id: 'pages.signup.communityNotFound',
    message: "We couldn't find your community. Please open your community's join link again.",
  }),
  PASSWORD_TOKEN_FAILED: msg({ id: 'pages.signup.passwordTokenFailed', message: 'Failed to create password token' }),
  NETWORK_ERROR: commonMessages.offline,
};
export const registerErrorFallback = msg({ id: 'pages.signup.errorMessage', message: 'Error creating account. Please try again.' });

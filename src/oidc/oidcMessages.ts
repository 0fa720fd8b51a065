import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** Why a Google / Apple sign-in did not finish (`?error=` codes and API error codes). */
export const oidcErrorMessages: Record<string, MessageDescriptor> = {
  OIDC_CANCELLED: msg({ id: 'pages.oidc.error.cancelled', message: 'Sign-in was cancelled. You can try again or use your email instead.' }),
  OIDC_STATE_INVALID: msg({
    id: 'pages.oidc.error.stateInvalid',
    message: 'This sign-in has expired or was started in another browser. Please try again.',
  }),
  OIDC_EMAIL_REQUIRED: msg({
    id: 'pages.oidc.error.emailRequired',
    message: 'We need an email address to create your account. Please allow sharing your email, or sign up with your email instead.',
  }),
  PROVIDER_UNAVAILABLE: msg({
    id: 'pages.oidc.error.providerUnavailable',
    message: 'The sign-in service is not reachable right now. Please try again later.',
  }),
  INVALID_TOKEN: msg({ id: 'pages.oidc.error.expired', message: 'This sign-in has expired. Please sign in again.' }),
  EMAIL_TAKEN: msg({
    id: 'pages.oidc.error.emailTaken',
    message: 'An account with this email already exists. Log in with your email and password instead.',
  }),
  COMMUNITY_NOT_FOUND: msg({
    id: 'pages.oidc.error.communityNotFound',
    message: "We couldn't find your community. Please scan your community QR code again.",
  }),
};

export const oidcErrorFallback = msg({ id: 'pages.oidc.error.generic', message: 'Sign-in did not work. Please try again.' });

import { msg } from '@lingui/core/macro';

/** Toasts raised by the app-wide actors (SPEC §8). */
export const actorMessages = {
  sessionExpired: msg({ id: 'components.session.expired', message: 'Your session has expired. Please log in again.' }),
  logoutError: msg({
    id: 'pages.login.logoutError',
    message: 'Something went wrong while logging out. Your data on this device was cleared anyway.',
  }),
};

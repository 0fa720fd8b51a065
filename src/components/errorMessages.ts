import { msg } from '@lingui/core/macro';

/** Shared user-facing texts for error codes that several screens meet. */
export const commonMessages = {
  offline: msg({
    id: 'components.offline.message',
    message: 'This feature is not available offline. Please check your internet connection and try again.',
  }),
  somethingWrong: msg({ id: 'components.error.title', message: 'Uh-oh, something went wrong' }),
  tryAgain: msg({ id: 'components.error.tryAgain', message: 'Please try again.' }),
  loading: msg({ id: 'components.loading', message: 'Loading' }),
  /** ACCOUNT_SUSPENDED: an operator suspended the member (they read, but neither earn nor redeem). */
  suspended: msg({
    id: 'components.error.suspended',
    message: 'Your account is suspended: you can see your pips and history, but not earn or redeem. Ask your community for help.',
  }),
};

import { msg } from '@lingui/core/macro';
import type { GuardMessageId } from './guard';

/** The guard's toasts. */
export const guardMessages = {
  'guard.loginRequired': msg({ id: 'guard.loginRequired', message: 'Please log in to access this page.' }),
  'guard.verificationRequired': msg({
    id: 'guard.verificationRequired',
    message: 'Please verify your account to access this page. Check your email for a verification code.',
  }),
} satisfies Record<GuardMessageId, unknown>;

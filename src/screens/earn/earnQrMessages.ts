import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { QrScannerErrorCode } from '../../../machines/qrScanner.types';
import { commonMessages } from '../../components/errorMessages';
import { failure, rejectionMessages, retryMessages, type QrRejection } from '../../scanner/qrScannerMessages';
import { alreadyEarnedToday } from './earnMessages';

/** Why a scanned earn code was refused. */
export const earnQrRejectionMessages: Record<string, MessageDescriptor> = {
  ...rejectionMessages,
  INVALID_TOKEN: msg({ id: 'pages.earn.qr.invalidCode', message: 'This is not an earn code.' }),
  ALREADY_EARNED: msg({ id: 'pages.earn.qr.alreadyEarned', message: 'You already scanned this code.' }),
  ALREADY_EARNED_TODAY: alreadyEarnedToday,
  QR_CODE_EXPIRED: msg({ id: 'pages.earn.qr.expired', message: 'This code has expired.' }),
  QR_CODE_NOT_YET_VALID: msg({ id: 'pages.earn.qr.notYetValid', message: 'This code is not active yet. Please try again later.' }),
  QR_CODE_EXHAUSTED: msg({ id: 'pages.earn.qr.exhausted', message: 'This code has been used up: no pips are left on it.' }),
  QUEUE_FAILED: msg({ id: 'pages.earn.error.queueFailed', message: 'Failed to save action for offline processing.' }),
  ACCOUNT_SUSPENDED: commonMessages.suspended,
};

const titles = {
  alreadyEarned: msg({ id: 'pages.earn.qr.alreadyEarnedTitle', message: 'Already earned' }),
  unusable: msg({ id: 'pages.earn.qr.unusableTitle', message: 'This code gives no pips' }),
  suspended: msg({ id: 'pages.earn.qr.suspendedTitle', message: 'Account suspended' }),
};

/**
 * The codes that were read and answered, not failures, in blue (an orange alert's title fails
 * contrast): a code already earned says 'Already earned', one expired, not yet active, used up or
 * not an earn code 'This code gives no pips'; each offers to scan another code. Anything else
 * (offline, the server, an unreadable photo) is a red failure to retry.
 */
const answers: Record<string, MessageDescriptor> = {
  ALREADY_EARNED: titles.alreadyEarned,
  ALREADY_EARNED_TODAY: titles.alreadyEarned,
  INVALID_TOKEN: titles.unusable,
  QR_CODE_EXPIRED: titles.unusable,
  QR_CODE_NOT_YET_VALID: titles.unusable,
  QR_CODE_EXHAUSTED: titles.unusable,
  ACCOUNT_SUSPENDED: titles.suspended,
};

export const describeEarnQrRejection = (code: QrScannerErrorCode | null): QrRejection => {
  const message = (code && earnQrRejectionMessages[code]) || commonMessages.tryAgain;
  const title = code ? answers[code] : undefined;
  if (!title) return failure(message);
  return { title, message, color: 'blue', retry: retryMessages.scanAnother };
};

import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { QrScannerErrorCode } from '../../../machines/qrScanner.types';
import { commonMessages } from '../../components/errorMessages';
import { rejectionMessages } from '../../scanner/qrScannerMessages';
import { alreadyEarnedToday } from './earnMessages';

/** Why a scanned earn code was refused, under 'Uh-oh, something went wrong'. */
export const earnQrRejectionMessages: Record<string, MessageDescriptor> = {
  ...rejectionMessages,
  INVALID_TOKEN: msg({ id: 'pages.earn.qr.invalidCode', message: 'This is not an earn code.' }),
  ALREADY_EARNED: msg({ id: 'pages.earn.qr.alreadyEarned', message: 'You already scanned this code.' }),
  ALREADY_EARNED_TODAY: alreadyEarnedToday,
  QR_CODE_EXPIRED: msg({ id: 'pages.earn.qr.expired', message: 'This code has expired.' }),
  QR_CODE_NOT_YET_VALID: msg({ id: 'pages.earn.qr.notYetValid', message: 'This code is not active yet. Please try again later.' }),
  QR_CODE_EXHAUSTED: msg({ id: 'pages.earn.qr.exhausted', message: 'This code has been used up: no pips are left on it.' }),
  QUEUE_FAILED: msg({ id: 'pages.earn.error.queueFailed', message: 'Failed to save action for offline processing.' }),
};

export const describeEarnQrRejection = (code: QrScannerErrorCode | null): MessageDescriptor =>
  (code && earnQrRejectionMessages[code]) || commonMessages.tryAgain;

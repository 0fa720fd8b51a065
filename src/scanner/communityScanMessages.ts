import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { QrScannerErrorCode } from '../../machines/qrScanner.types';
import { describeRejection, retryMessages, type QrRejection } from './qrScannerMessages';

/**
 * A code that was read but is no community's join code is an answer, not a failure: blue, in the
 * words of what was scanned, with 'Scan another code'. Anything else (no code in the photo,
 * offline, the server) is the scanner's red failure to retry.
 */
const answers: Record<string, { title: MessageDescriptor; message: MessageDescriptor }> = {
  NOT_A_COMMUNITY_CODE: {
    title: msg({ id: 'pages.communityScan.notCommunityTitle', message: 'Not a community code' }),
    message: msg({
      id: 'pages.communityScan.notCommunityText',
      message: 'This QR code does not join a community. Scan the code your community shared with you.',
    }),
  },
  COMMUNITY_NOT_FOUND: {
    title: msg({ id: 'pages.communityScan.unknownTitle', message: 'Community not found' }),
    message: msg({
      id: 'pages.communityScan.unknownText',
      message: 'No community uses this code any more. Ask your community for its current code.',
    }),
  },
};

export const describeCommunityRejection = (code: QrScannerErrorCode | null): QrRejection => {
  const answer = code ? answers[code] : undefined;
  return answer ? { ...answer, color: 'blue', retry: retryMessages.scanAnother } : describeRejection(code);
};

import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { QrScannerPhase } from '../../machines/qrScanner.selectors';
import type { QrScannerErrorCode } from '../../machines/qrScanner.types';
import { commonMessages } from '../components/errorMessages';

/** Why the camera is off, by code (the photo fallback is offered next to it). */
export const cameraMessages: Record<string, MessageDescriptor> = {
  CAMERA_DENIED: msg({
    id: 'components.qrScanner.cameraDenied',
    message: 'Camera access is blocked. Allow the camera for this site in your browser settings, or choose a photo of the code.',
  }),
  CAMERA_NOT_FOUND: msg({
    id: 'components.qrScanner.cameraNotFound',
    message: 'No camera is available here. Choose a photo of the code instead.',
  }),
  CAMERA_UNAVAILABLE: msg({
    id: 'components.qrScanner.cameraUnavailable',
    message: 'The camera could not be started. Try again, or choose a photo of the code.',
  }),
};

/** What went wrong with a photo or a code; anything not listed is 'Please try again.'. */
export const rejectionMessages: Record<string, MessageDescriptor> = {
  NO_CODE_FOUND: msg({
    id: 'components.qrScanner.noCodeFound',
    message: 'No QR code was found in this photo. Try a sharper photo that shows the whole code.',
  }),
  PHOTO_UNREADABLE: msg({
    id: 'components.qrScanner.photoUnreadable',
    message: 'This photo could not be opened. Try another photo.',
  }),
  NETWORK_ERROR: commonMessages.offline,
};

export const describeCameraError = (code: QrScannerErrorCode | null): MessageDescriptor =>
  (code && cameraMessages[code]) || cameraMessages.CAMERA_UNAVAILABLE;

/**
 * How a refused photo or code is shown: a title, the reason, the alert's colour and the retry
 * button's label. A failure (no code in the photo, offline, the server) is red 'Uh-oh, something
 * went wrong' with 'Try again'; a code that was read but gives nothing (already earned, expired) is
 * an answer, not a failure, and a screen describes it in its own words.
 */
export interface QrRejection {
  title: MessageDescriptor;
  message: MessageDescriptor;
  color: 'red' | 'blue';
  retry: MessageDescriptor;
}

export const retryMessages = {
  tryAgain: msg({ id: 'components.qrScanner.retry', message: 'Try again' }),
  scanAnother: msg({ id: 'components.qrScanner.scanAnother', message: 'Scan another code' }),
};

/** A failure: red, 'Uh-oh, something went wrong', the reason, 'Try again'. */
export const failure = (message: MessageDescriptor): QrRejection => ({
  title: commonMessages.somethingWrong,
  message,
  color: 'red',
  retry: retryMessages.tryAgain,
});

export const describeRejection = (code: QrScannerErrorCode | null): QrRejection =>
  failure((code && rejectionMessages[code]) || commonMessages.tryAgain);

/** What the scanner is doing, for the live status line (phases with an alert have none). */
export const statusMessages = {
  idle: msg({ id: 'components.qrScanner.statusIdle', message: 'Scan the QR code, or choose a photo of it.' }),
  startingCamera: msg({ id: 'components.qrScanner.statusStarting', message: 'Starting the camera…' }),
  scanning: msg({ id: 'components.qrScanner.statusScanning', message: 'Point the camera at the QR code.' }),
  readingPhoto: msg({ id: 'components.qrScanner.statusReadingPhoto', message: 'Reading the photo…' }),
  checking: msg({ id: 'components.qrScanner.statusChecking', message: 'Checking the code…' }),
  accepted: msg({ id: 'components.qrScanner.statusAccepted', message: 'Code accepted.' }),
} satisfies Partial<Record<QrScannerPhase, MessageDescriptor>>;

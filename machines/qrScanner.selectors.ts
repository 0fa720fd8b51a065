import type { SnapshotFrom } from 'xstate';
import type { qrScannerMachine } from './qrScanner.machine';

export type QrScannerSnapshot = SnapshotFrom<typeof qrScannerMachine>;

/** The one thing the scanner view shows at a time. */
export type QrScannerPhase =
  | 'idle'
  | 'startingCamera'
  | 'scanning'
  | 'cameraUnavailable'
  | 'readingPhoto'
  | 'checking'
  | 'rejected'
  | 'accepted';

export const selectScannerPhase = (s: QrScannerSnapshot): QrScannerPhase => {
  if (s.matches('requestingCamera')) return 'startingCamera';
  if (s.matches('scanning')) return 'scanning';
  if (s.matches('cameraUnavailable')) return 'cameraUnavailable';
  if (s.matches('decodingPhoto')) return 'readingPhoto';
  if (s.matches('decoded')) return 'checking';
  if (s.matches('rejected')) return 'rejected';
  if (s.matches('done')) return 'accepted';
  return 'idle';
};

export const selectScannerError = (s: QrScannerSnapshot) => s.context.errorCode;
export const selectScannerBusy = (s: QrScannerSnapshot) => s.hasTag('busy');
export const selectCameraLive = (s: QrScannerSnapshot) => s.hasTag('camera');

/** What `acceptCode` made of the code; `T` is the type the provided `acceptCode` returns. */
export const selectAccepted = <T>(s: QrScannerSnapshot): T | null => (s.matches('done') ? (s.context.accepted as T) : null);

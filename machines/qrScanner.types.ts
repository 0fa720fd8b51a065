/**
 * Types of a QR code scan: the community QR of sign-up (SPEC §2) and, later, the earn QR codes.
 * The machine never sees the DOM: the camera, the photo and the decoded value are opaque here.
 */

/** Why the camera cannot be used; the photo fallback stays available. */
export type CameraErrorCode =
  /** The user or the browser refused the permission. */
  | 'CAMERA_DENIED'
  /** No camera, no `getUserMedia` (old browser, insecure context), or no camera satisfies the request. */
  | 'CAMERA_NOT_FOUND'
  /** Any other failure to open or keep the camera (in use elsewhere, unplugged, the preview would not play). */
  | 'CAMERA_UNAVAILABLE';

/** Why a picked photo gave no text. */
export type PhotoErrorCode = 'NO_CODE_FOUND' | 'PHOTO_UNREADABLE';

/**
 * Every code the machine carries. Besides camera and photo codes: whatever `acceptCode`
 * answers (e.g. NOT_A_COMMUNITY_CODE, COMMUNITY_NOT_FOUND, NETWORK_ERROR), and UNKNOWN_ERROR
 * when an adapter threw.
 */
export type QrScannerErrorCode = CameraErrorCode | PhotoErrorCode | 'UNKNOWN_ERROR' | (string & {});

/**
 * The open camera, opaque to the machine (a `MediaStream` in the app, which has an `id`). The
 * scanning actor that receives it releases it when it stops.
 */
export interface CameraHandle {
  readonly id: string;
}

/** Output of `openCamera`: refusals come back as data. */
export type OpenCameraOutput = { ok: true; camera: CameraHandle } | { ok: false; code: CameraErrorCode };

/**
 * Input of `scanFrames`: the camera `openCamera` opened, to preview, decode and release when
 * scanning ends (never null in practice: only a successful `openCamera` leads to scanning).
 */
export interface ScanFramesInput {
  camera: CameraHandle | null;
}

/** Input of `decodePhoto`: the picked image file. */
export interface DecodePhotoInput {
  file: Blob;
}

/** Output of `decodePhoto`: the text of the first QR code found in the photo. */
export type DecodePhotoOutput = { ok: true; text: string } | { ok: false; code: PhotoErrorCode };

/**
 * Input of `acceptCode`: the decoded text, exactly as read, with the verified member and the
 * connection's state as the app root last told them (an earn code is queued for that member
 * when the app is offline).
 */
export interface AcceptCodeInput {
  text: string;
  userId: number | null;
  offline: boolean;
}

/**
 * Output of `acceptCode`: whether the text is a code this scan is for. `value` is whatever the
 * provider makes of it (for sign-up, the community looked up); the machine only keeps it.
 */
export type AcceptCodeOutput = { ok: true; value: unknown } | { ok: false; code: QrScannerErrorCode };

export interface QrScannerContext {
  /** The text being checked or last checked. */
  text: string | null;
  /** The open camera, from `openCamera` until scanning ends. */
  camera: CameraHandle | null;
  /** What `acceptCode` made of the text, once accepted. */
  accepted: unknown;
  errorCode: QrScannerErrorCode | null;
  /** The verified member and the connection's state, as the app root last told them. */
  userId: number | null;
  offline: boolean;
}

export type QrScannerEvent =
  /** Open the camera and scan. */
  | { type: 'user.start' }
  /** The app was opened by a code's own link (the phone's camera app read it): check that text. */
  | { type: 'link.opened'; text: string }
  /** A frame held a QR code (sent by `scanFrames`). */
  | { type: 'scanner.decoded'; text: string }
  /** The camera stopped working while scanning (sent by `scanFrames`). */
  | { type: 'camera.failed'; code: CameraErrorCode }
  /** Decode a photo of the code instead of (or after) using the camera. */
  | { type: 'user.pickPhoto'; file: Blob }
  /** Scan again: after a refusal, an unavailable camera, or an accepted code. */
  | { type: 'user.retry' }
  /** Stop whatever is going on (camera included) and wait. */
  | { type: 'user.cancel' }
  /** The verified member changed (sent by the app root). */
  | { type: 'member.changed'; userId: number | null }
  /** The connection went down or came back (sent by the app root). */
  | { type: 'network.changed'; offline: boolean };

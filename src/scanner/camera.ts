import type { CameraErrorCode, OpenCameraOutput } from '../../machines/qrScanner.types';

/**
 * The back camera when there is one, about 1280 px wide. Only `ideal` values: `exact` ones make
 * browsers without such a camera (laptops, Chromium's fake camera) fail with OverconstrainedError.
 */
export const cameraConstraints = {
  audio: false,
  video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 } },
} as const satisfies MediaStreamConstraints;

/** Maps a getUserMedia failure (a DOMException name) to the scanner's code. */
export function cameraErrorCode(error: unknown): CameraErrorCode {
  const name = error && typeof error === 'object' && 'name' in error ? String(error.name) : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'CAMERA_DENIED';
  if (name === 'NotFoundError' || name === 'DevicesNotFoundError' || name === 'OverconstrainedError') return 'CAMERA_NOT_FOUND';
  return 'CAMERA_UNAVAILABLE';
}

/** Stops every track: the camera light goes off and the device is free for other apps. */
export function stopCamera(stream: MediaStream): void {
  for (const track of stream.getTracks()) track.stop();
}

/**
 * Opens the camera. A stream that arrives after `signal` aborted (the user left or picked a
 * photo meanwhile) is stopped at once, so the camera never stays on unseen.
 */
export async function openCamera({
  signal,
  mediaDevices = globalThis.navigator?.mediaDevices,
}: { signal?: AbortSignal; mediaDevices?: Pick<MediaDevices, 'getUserMedia'> } = {}): Promise<OpenCameraOutput> {
  // No mediaDevices: an old browser, or a page not served over HTTPS (nor from localhost).
  if (!mediaDevices?.getUserMedia) return { ok: false, code: 'CAMERA_NOT_FOUND' };
  let stream: MediaStream;
  try {
    stream = await mediaDevices.getUserMedia(cameraConstraints);
  } catch (error) {
    return { ok: false, code: cameraErrorCode(error) };
  }
  if (signal?.aborted) {
    stopCamera(stream);
    return { ok: false, code: 'CAMERA_UNAVAILABLE' };
  }
  return { ok: true, camera: stream };
}

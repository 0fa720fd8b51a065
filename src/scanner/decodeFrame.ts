import { decodeQrPixels, fitWithin } from './decodeQr';

/** Frames larger than this are scaled down before decoding: same codes found, a fraction of the time. */
export const frameMaxSide = 1280;

/**
 * Decodes the current frame of a playing `<video>` through `canvas`, sized from the video's own
 * `videoWidth`/`videoHeight` (the camera decides them; `ideal` constraints are only a wish).
 * Null while the video has no frame yet, or when the frame holds no code.
 */
export function decodeFrame(video: HTMLVideoElement, canvas: HTMLCanvasElement, maxSide = frameMaxSide): string | null {
  if (video.readyState < video.HAVE_CURRENT_DATA || !video.videoWidth || !video.videoHeight) return null;
  const { width, height } = fitWithin(video.videoWidth, video.videoHeight, maxSide);
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(video, 0, 0, width, height);
  return decodeQrPixels(context.getImageData(0, 0, width, height).data, width, height);
}

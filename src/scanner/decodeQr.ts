import jsQR from 'jsqr';

/**
 * The text of the first QR code in an RGBA image, or null. Tries dark-on-light and
 * light-on-dark codes (`attemptBoth`): printed codes, screens in dark mode, inverted stickers.
 */
export function decodeQrPixels(rgba: Uint8ClampedArray, width: number, height: number): string | null {
  if (width <= 0 || height <= 0 || rgba.length < width * height * 4) return null;
  const code = jsQR(rgba, width, height, { inversionAttempts: 'attemptBoth' });
  return code ? code.data : null;
}

/** `width` x `height` scaled down (never up) so the longer side is at most `maxSide`, in whole pixels. */
export function fitWithin(width: number, height: number, maxSide: number): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

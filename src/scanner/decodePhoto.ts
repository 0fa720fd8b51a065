import type { DecodePhotoOutput } from '../../machines/qrScanner.types';
import { decodeQrPixels, fitWithin } from './decodeQr';

/** A loaded photo that can be drawn at any size, as RGBA pixels. */
export interface PhotoRaster {
  width: number;
  height: number;
  /** The photo resampled to `width` x `height`. */
  read(width: number, height: number): Uint8ClampedArray | Promise<Uint8ClampedArray>;
  close?(): void;
}

export type PhotoLoader = (file: Blob) => Promise<PhotoRaster>;

/**
 * Longest sides tried, in order. A phone photo is often 4000 px wide: decoding it whole is slow
 * and no better; a code that fills a fraction of the photo is still dozens of pixels per module at
 * 1280, and a blurry one often decodes better smaller.
 */
export const photoSides = [1280, 640] as const;

/**
 * The text of the first QR code in a photo (PNG, JPEG, ... anything the browser opens).
 * Big photos are scaled down first (`photoSides`); a photo that cannot be opened is
 * PHOTO_UNREADABLE, one without a code NO_CODE_FOUND.
 */
export async function decodePhoto(file: Blob, load: PhotoLoader = loadPhoto): Promise<DecodePhotoOutput> {
  let raster: PhotoRaster;
  try {
    raster = await load(file);
  } catch {
    return { ok: false, code: 'PHOTO_UNREADABLE' };
  }
  try {
    const tried = new Set<string>();
    for (const side of photoSides) {
      const { width, height } = fitWithin(raster.width, raster.height, side);
      const key = `${width}x${height}`;
      if (tried.has(key)) continue;
      tried.add(key);
      const text = decodeQrPixels(await raster.read(width, height), width, height);
      if (text !== null) return { ok: true, text };
    }
    return { ok: false, code: 'NO_CODE_FOUND' };
  } catch {
    return { ok: false, code: 'PHOTO_UNREADABLE' };
  } finally {
    raster.close?.();
  }
}

/** Opens an image file with the browser's decoder (EXIF orientation applied) and draws it on a canvas. */
export async function loadPhoto(file: Blob): Promise<PhotoRaster> {
  const image = await openImage(file);
  const canvas = document.createElement('canvas');
  return {
    width: image.width,
    height: image.height,
    read(width, height) {
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d', { willReadFrequently: true });
      if (!context) throw new Error('no 2d canvas');
      context.imageSmoothingQuality = 'high';
      context.drawImage(image.source, 0, 0, width, height);
      return context.getImageData(0, 0, width, height).data;
    },
    close: image.close,
  };
}

async function openImage(file: Blob): Promise<{ source: CanvasImageSource; width: number; height: number; close: () => void }> {
  if (typeof createImageBitmap === 'function') {
    try {
      const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
      return { source: bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() };
    } catch {
      // some browsers cannot make a bitmap of every format an <img> opens (e.g. HEIC on Safari)
    }
  }
  const url = URL.createObjectURL(file);
  try {
    const img = new Image();
    img.decoding = 'async';
    img.src = url;
    await img.decode();
    return { source: img, width: img.naturalWidth, height: img.naturalHeight, close: () => {} };
  } finally {
    URL.revokeObjectURL(url);
  }
}

/**
 * The type and pixel size of an operator's image, read from its header (PNG, JPEG, WebP), with
 * no image library: enough to refuse what is not one of those and to give the PWA width and
 * height so nothing shifts while it loads.
 */

export type ImageType = 'png' | 'jpeg' | 'webp';

export interface ImageInfo {
  type: ImageType;
  contentType: 'image/png' | 'image/jpeg' | 'image/webp';
  /** The URL's extension. */
  extension: 'png' | 'jpg' | 'webp';
  width: number;
  height: number;
}

const CONTENT_TYPES = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' } as const;
const EXTENSIONS = { png: 'png', jpeg: 'jpg', webp: 'webp' } as const;

const info = (type: ImageType, width: number, height: number): ImageInfo | null =>
  width > 0 && height > 0 ? { type, contentType: CONTENT_TYPES[type], extension: EXTENSIONS[type], width, height } : null;

const ascii = (bytes: Uint8Array, start: number, length: number) => String.fromCharCode(...bytes.subarray(start, start + length));

function png(bytes: Uint8Array, view: DataView): ImageInfo | null {
  // Signature, then the IHDR chunk: length (13), "IHDR", width, height.
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length < 24 || !signature.every((byte, i) => bytes[i] === byte) || ascii(bytes, 12, 4) !== 'IHDR') return null;
  return info('png', view.getUint32(16), view.getUint32(20));
}

function jpeg(bytes: Uint8Array, view: DataView): ImageInfo | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1];
    // Fill bytes, and markers without a length.
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null;
    const length = view.getUint16(at + 2);
    if (length < 2) return null;
    // Start of frame (baseline, progressive …; not DHT 0xc4, JPG 0xc8, DAC 0xcc).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (at + 9 > bytes.length) return null;
      return info('jpeg', view.getUint16(at + 7), view.getUint16(at + 5));
    }
    at += 2 + length;
  }
  return null;
}

function webp(bytes: Uint8Array, view: DataView): ImageInfo | null {
  if (bytes.length < 30 || ascii(bytes, 0, 4) !== 'RIFF' || ascii(bytes, 8, 4) !== 'WEBP') return null;
  const chunk = ascii(bytes, 12, 4);
  if (chunk === 'VP8 ') {
    // Frame tag (3 bytes), start code 9d 01 2a, then 14-bit width and height.
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null;
    return info('webp', view.getUint16(26, true) & 0x3fff, view.getUint16(28, true) & 0x3fff);
  }
  if (chunk === 'VP8L') {
    if (bytes[20] !== 0x2f) return null;
    const bits = view.getUint32(21, true);
    return info('webp', (bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (chunk === 'VP8X') {
    const width = 1 + (bytes[24] | (bytes[25] << 8) | (bytes[26] << 16));
    const height = 1 + (bytes[27] | (bytes[28] << 8) | (bytes[29] << 16));
    return info('webp', width, height);
  }
  return null;
}

/** The image's type and size, or null when it is not a PNG, JPEG or WebP image this can read. */
export function readImageInfo(bytes: Uint8Array): ImageInfo | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    return png(bytes, view) ?? jpeg(bytes, view) ?? webp(bytes, view);
  } catch {
    return null;
  }
}

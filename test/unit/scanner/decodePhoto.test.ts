import { describe, expect, it, vi } from 'vitest';
import { decodeQrPixels, fitWithin } from '../../../src/scanner/decodeQr';
import { decodePhoto, photoSides, type PhotoRaster } from '../../../src/scanner/decodePhoto';
import { lumaToRgba, qrLuma, readY4mFrame, scene, writeFakeCameraVideo, type LumaImage } from '../../e2e/support/fakeCamera';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const link = 'http://127.0.0.1:8080/community-scan?communityId=demo-community';

/**
 * A photo as the browser would hand it over, without a canvas: the grey image resampled
 * (nearest neighbour) to whatever size the decoder asks for. Records the sizes asked.
 */
function rasterOf(image: LumaImage) {
  const reads: Array<[number, number]> = [];
  const raster = {
    width: image.width,
    height: image.height,
    reads,
    close: vi.fn(() => {}),
    read(width: number, height: number): Uint8ClampedArray {
      reads.push([width, height]);
      const luma = new Uint8Array(width * height);
      for (let y = 0; y < height; y++) {
        const sy = Math.min(image.height - 1, Math.floor(((y + 0.5) * image.height) / height));
        for (let x = 0; x < width; x++) {
          luma[y * width + x] = image.luma[sy * image.width + Math.min(image.width - 1, Math.floor(((x + 0.5) * image.width) / width))];
        }
      }
      return lumaToRgba({ width, height, luma });
    },
  };
  return raster satisfies PhotoRaster;
}

const photoFile = new Blob(['not used by the fake loader'], { type: 'image/jpeg' });

describe('decodeQrPixels (jsQR)', () => {
  it('reads a real QR code made by the qrcode package', () => {
    const image = qrLuma(link, { moduleSize: 6 });
    expect(decodeQrPixels(lumaToRgba(image), image.width, image.height)).toBe(link);
  });

  it('reads an inverted code (light modules on dark)', () => {
    const image = qrLuma(link, { moduleSize: 6, invert: true });
    expect(decodeQrPixels(lumaToRgba(image), image.width, image.height)).toBe(link);
  });

  it('finds nothing in a picture without a code, or in no picture', () => {
    const empty = scene(320, 240);
    expect(decodeQrPixels(lumaToRgba(empty), empty.width, empty.height)).toBeNull();
    expect(decodeQrPixels(new Uint8ClampedArray(0), 0, 0)).toBeNull();
    expect(decodeQrPixels(new Uint8ClampedArray(16), 10, 10)).toBeNull();
  });

  it('decodes the frames the e2e fake camera films', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pips-y4m-'));
    try {
      const video = readFileSync(writeFakeCameraVideo(join(dir, 'code.y4m'), link));
      expect(video.subarray(0, 48).toString('ascii')).toBe('YUV4MPEG2 W640 H480 F30:1 Ip A1:1 C420jpeg\nFRAME');
      expect(video.length).toBe(43 + 3 * (6 + 640 * 480 * 1.5));
      const frame = readY4mFrame(video, 2);
      expect(decodeQrPixels(lumaToRgba(frame), 640, 480)).toBe(link);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('fitWithin', () => {
  it.each([
    [4000, 3000, 1280, 1280, 960],
    [3000, 4000, 1280, 960, 1280],
    [800, 600, 1280, 800, 600],
    [1281, 1, 1280, 1280, 1],
  ])('%i x %i within %i is %i x %i', (w, h, max, ew, eh) => {
    expect(fitWithin(w, h, max)).toEqual({ width: ew, height: eh });
  });
});

describe('decodePhoto', () => {
  it('scales a big photo down before decoding it', async () => {
    // A 4000 x 3000 "photo" with the code (and its quiet zone) about 1300 px wide in the middle.
    const photo = scene(4000, 3000, qrLuma(link, { moduleSize: 32 }));
    const raster = rasterOf(photo);
    await expect(decodePhoto(photoFile, async () => raster)).resolves.toEqual({ ok: true, text: link });
    expect(raster.reads).toEqual([[1280, 960]]);
    expect(raster.close).toHaveBeenCalledOnce();
  });

  it('keeps a small photo at its own size', async () => {
    const raster = rasterOf(qrLuma(link, { moduleSize: 4 }));
    await expect(decodePhoto(photoFile, async () => raster)).resolves.toEqual({ ok: true, text: link });
    expect(raster.reads).toEqual([[raster.width, raster.height]]);
  });

  it('says NO_CODE_FOUND for a photo without a code, after trying each size once', async () => {
    const raster = rasterOf(scene(2000, 1500));
    await expect(decodePhoto(photoFile, async () => raster)).resolves.toEqual({ ok: false, code: 'NO_CODE_FOUND' });
    expect(raster.reads).toEqual(photoSides.map((side) => [side, (side * 3) / 4]));
    expect(raster.close).toHaveBeenCalledOnce();
  });

  it('says PHOTO_UNREADABLE when the file is not an image the browser opens', async () => {
    await expect(decodePhoto(photoFile, () => Promise.reject(new Error('decode failed')))).resolves.toEqual({ ok: false, code: 'PHOTO_UNREADABLE' });
  });

  it('says PHOTO_UNREADABLE when drawing fails, and still releases the image', async () => {
    const raster = rasterOf(scene(100, 100));
    raster.read = () => {
      throw new Error('canvas too big');
    };
    await expect(decodePhoto(photoFile, async () => raster)).resolves.toEqual({ ok: false, code: 'PHOTO_UNREADABLE' });
    expect(raster.close).toHaveBeenCalledOnce();
  });

  it('says PHOTO_UNREADABLE in a browser that cannot decode the file (the default loader)', async () => {
    await expect(decodePhoto(new File(['not an image'], 'x.png', { type: 'image/png' }))).resolves.toEqual({ ok: false, code: 'PHOTO_UNREADABLE' });
  });
});

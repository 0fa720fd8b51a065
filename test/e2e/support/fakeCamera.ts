import { writeFileSync } from 'node:fs';
import QRCode from 'qrcode';

/**
 * What Chromium's fake camera films: a y4m video (`--use-file-for-fake-video-capture`) written in
 * plain Node from the `qrcode` matrix, so a test scans a real QR code through getUserMedia.
 * Chromium only takes 4:2:0 y4m with even sizes, and loops the file.
 */

/** A grey-level picture, one byte a pixel (0 black, 255 white). */
export interface LumaImage {
  width: number;
  height: number;
  luma: Uint8Array;
}

export interface QrDrawing {
  /** Pixels per module. */
  moduleSize?: number;
  /** White modules around the code (the standard asks for 4). */
  quietZone?: number;
  /** Light modules on a dark ground (inverted codes exist on stickers and dark screens). */
  invert?: boolean;
}

/** The QR code of `text` (error correction M), black modules on white, with its quiet zone. */
export function qrLuma(text: string, { moduleSize = 8, quietZone = 4, invert = false }: QrDrawing = {}): LumaImage {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const side = (modules.size + 2 * quietZone) * moduleSize;
  const [dark, light] = invert ? [255, 0] : [0, 255];
  const luma = new Uint8Array(side * side).fill(light);
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (!modules.get(row, col)) continue;
      const top = (row + quietZone) * moduleSize;
      const left = (col + quietZone) * moduleSize;
      for (let y = top; y < top + moduleSize; y++) luma.fill(dark, y * side + left, y * side + left + moduleSize);
    }
  }
  return { width: side, height: side, luma };
}

/** A `width` x `height` scene: a soft grey gradient (a wall, a table), with `image` centred on it. */
export function scene(width: number, height: number, image?: LumaImage): LumaImage {
  const luma = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) luma[y * width + x] = 96 + Math.round((64 * (x + y)) / (width + height));
  }
  if (image) {
    const left = Math.floor((width - image.width) / 2);
    const top = Math.floor((height - image.height) / 2);
    for (let y = 0; y < image.height; y++) {
      luma.set(image.luma.subarray(y * image.width, (y + 1) * image.width), (top + y) * width + left);
    }
  }
  return { width, height, luma };
}

/** The largest whole module size that fits the code and its quiet zone in `side` pixels. */
export function moduleSizeFor(text: string, side: number, quietZone = 4): number {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  return Math.floor(side / (modules.size + 2 * quietZone));
}

/** A y4m stream (C420jpeg: full-range Y, neutral chroma) showing `image` for `frames` frames. */
export function y4m(image: LumaImage, frames = 3): Buffer {
  if (image.width % 2 || image.height % 2) throw new Error('y4m 4:2:0 needs even width and height');
  const header = Buffer.from(`YUV4MPEG2 W${image.width} H${image.height} F30:1 Ip A1:1 C420jpeg\n`, 'ascii');
  const chroma = Buffer.alloc((image.width / 2) * (image.height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n', 'ascii'), Buffer.from(image.luma), chroma]);
  return Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]);
}

/** Reads back the Y plane of frame `index` of a y4m written by {@link y4m}. */
export function readY4mFrame(video: Buffer, index = 0): LumaImage {
  const headerEnd = video.indexOf(0x0a);
  const header = video.subarray(0, headerEnd).toString('ascii');
  const width = Number(/ W(\d+)/.exec(header)?.[1]);
  const height = Number(/ H(\d+)/.exec(header)?.[1]);
  const frameSize = 'FRAME\n'.length + width * height * 1.5;
  const start = headerEnd + 1 + index * frameSize + 'FRAME\n'.length;
  return { width, height, luma: new Uint8Array(video.subarray(start, start + width * height)) };
}

/** RGBA pixels of a grey image, as a canvas' getImageData gives them. */
export function lumaToRgba({ width, height, luma }: LumaImage): Uint8ClampedArray {
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < luma.length; i++) {
    rgba[i * 4] = rgba[i * 4 + 1] = rgba[i * 4 + 2] = luma[i];
    rgba[i * 4 + 3] = 255;
  }
  return rgba;
}

/**
 * Writes the fake camera's video to `file`: 640x480 frames of the QR code of `text` (about 440 px
 * high with its quiet zone) on a grey scene, or the empty scene when `text` is null.
 */
export function writeFakeCameraVideo(file: string, text: string | null, { width = 640, height = 480, frames = 3 } = {}): string {
  const image = text === null ? undefined : qrLuma(text, { moduleSize: moduleSizeFor(text, Math.min(width, height) - 40) });
  writeFileSync(file, y4m(scene(width, height, image), frames));
  return file;
}

/** Writes a PNG photo of the QR code of `text`, `width` pixels wide (the qrcode package's encoder). */
export async function writeQrPng(file: string, text: string, width = 2400): Promise<string> {
  await QRCode.toFile(file, text, { type: 'png', errorCorrectionLevel: 'M', margin: 4, width });
  return file;
}

/**
 * Chromium flags that replace the camera with `videoFile` and grant the permission without a
 * prompt. Playwright makes its own fresh profile: no `--user-data-dir`.
 */
export function fakeCameraArgs(videoFile: string): string[] {
  return ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${videoFile}`];
}

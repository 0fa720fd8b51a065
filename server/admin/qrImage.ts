import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import QRCode from 'qrcode';
import { qrSheetSvg, type JoinCaption, type QrCaption } from './qrSheet';

export interface WrittenQr {
  svgPath: string;
  pngPath: string;
  /** The captioned A4 page and poster (when a caption was given). */
  a4Path?: string;
  posterPath?: string;
}

/**
 * Writes a printable QR code of `link` as `<name>.svg` and `<name>.png` (512 px) into `dir`
 * (created when missing), and with a caption an A4 page and an A2 poster (`<name>-a4.svg`,
 * `<name>-poster.svg`). Medium error correction and a 4-module quiet zone read well from
 * paper and screens.
 */
export async function writeQrImages(link: string, dir: string, name: string, caption?: QrCaption | JoinCaption): Promise<WrittenQr> {
  const folder = resolve(dir);
  await mkdir(folder, { recursive: true });
  const options = { errorCorrectionLevel: 'M' as const, margin: 4 };
  const svgPath = join(folder, `${name}.svg`);
  const pngPath = join(folder, `${name}.png`);
  await writeFile(svgPath, await QRCode.toString(link, { ...options, type: 'svg' }));
  await QRCode.toFile(pngPath, link, { ...options, type: 'png', width: 512 });
  if (!caption) return { svgPath, pngPath };
  const bare = await QRCode.toString(link, { errorCorrectionLevel: 'M', margin: 1, type: 'svg' });
  const a4Path = join(folder, `${name}-a4.svg`);
  const posterPath = join(folder, `${name}-poster.svg`);
  await writeFile(a4Path, qrSheetSvg(bare, caption, 'a4'));
  await writeFile(posterPath, qrSheetSvg(bare, caption, 'poster'));
  return { svgPath, pngPath, a4Path, posterPath };
}

import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import QRCode from 'qrcode';

export interface WrittenQr {
  svgPath: string;
  pngPath: string;
}

/**
 * Writes a printable QR code of `link` as `<name>.svg` and `<name>.png` (512 px) into `dir`
 * (created when missing). Medium error correction and a 4-module quiet zone read well from
 * paper and screens.
 */
export async function writeQrImages(link: string, dir: string, name: string): Promise<WrittenQr> {
  const folder = resolve(dir);
  await mkdir(folder, { recursive: true });
  const options = { errorCorrectionLevel: 'M' as const, margin: 4 };
  const svgPath = join(folder, `${name}.svg`);
  const pngPath = join(folder, `${name}.png`);
  await writeFile(svgPath, await QRCode.toString(link, { ...options, type: 'svg' }));
  await QRCode.toFile(pngPath, link, { ...options, type: 'png', width: 512 });
  return { svgPath, pngPath };
}

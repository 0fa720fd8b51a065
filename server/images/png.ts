import { deflateSync } from 'node:zlib';

/** CRC-32 of PNG chunks (node:zlib has crc32 only from Node 22). */
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A small RGB PNG drawn by `pixel(x, y)` -> [r, g, b]: the demo content's pictures (made at
 * start, so no binary file is committed) and the tests' images.
 */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) rows.set(pixel(x, y), row + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const mix = (a: [number, number, number], b: [number, number, number], t: number): [number, number, number] =>
  [0, 1, 2].map((i) => Math.round(a[i] + (b[i] - a[i]) * t)) as [number, number, number];

/** A soft diagonal gradient between two colours with a lighter disc: a tasteful demo picture. */
export function demoPicture(width: number, height: number, from: [number, number, number], to: [number, number, number]): Buffer {
  const cx = width * 0.68;
  const cy = height * 0.42;
  const r = Math.min(width, height) * 0.3;
  return encodePng(width, height, (x, y) => {
    const base = mix(from, to, (x / width + y / height) / 2);
    const inside = (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
    return inside ? mix(base, [255, 255, 255], 0.35) : base;
  });
}

// Draws the pips icon (a rounded die face with five pips) as PNG files using only node:zlib.
// Usage: node scripts/make-icons.mjs public/icons
import { deflateSync } from 'node:zlib';
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

const BRAND = [0x42, 0x63, 0xeb]; // indigo 7
const WHITE = [0xff, 0xff, 0xff];

const crcTable = new Uint32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const len = Buffer.alloc(4); len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4); crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
};
function png(size, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0); ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; ihdr[9] = 6; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Shape test in unit coordinates (0..1): which colour covers point (u,v), or null for transparent. */
function sampler({ maskable }) {
  // Maskable icons fill the canvas; the die sits inside the 80% safe circle.
  const inset = maskable ? 0 : 0.04;
  const radius = maskable ? 0 : 0.22;
  const scale = maskable ? 0.75 : 1; // pip layout shrinks into the safe zone
  const pips = [[0.3, 0.3], [0.7, 0.3], [0.5, 0.5], [0.3, 0.7], [0.7, 0.7]]
    .map(([x, y]) => [0.5 + (x - 0.5) * scale, 0.5 + (y - 0.5) * scale]);
  const pipR = 0.085 * scale;
  return (u, v) => {
    const lo = inset, hi = 1 - inset;
    if (u < lo || u > hi || v < lo || v > hi) return null;
    if (radius > 0) {
      const cx = Math.min(Math.max(u, lo + radius), hi - radius);
      const cy = Math.min(Math.max(v, lo + radius), hi - radius);
      if ((u - cx) ** 2 + (v - cy) ** 2 > radius ** 2) return null;
    }
    for (const [px, py] of pips) if ((u - px) ** 2 + (v - py) ** 2 <= pipR ** 2) return WHITE;
    return BRAND;
  };
}

function draw(size, opts) {
  const sample = sampler(opts);
  const ss = 4; // 4x4 supersampling for smooth edges
  const out = Buffer.alloc(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let r = 0, g = 0, b = 0, a = 0;
      for (let sy = 0; sy < ss; sy++) for (let sx = 0; sx < ss; sx++) {
        const c = sample((x + (sx + 0.5) / ss) / size, (y + (sy + 0.5) / ss) / size);
        if (c) { r += c[0]; g += c[1]; b += c[2]; a += 1; }
      }
      const i = (y * size + x) * 4;
      if (a) { out[i] = r / a; out[i + 1] = g / a; out[i + 2] = b / a; }
      out[i + 3] = Math.round((a / (ss * ss)) * 255);
    }
  }
  return png(size, out);
}

const outDir = process.argv[2] ?? 'public/icons';
mkdirSync(outDir, { recursive: true });
for (const size of [192, 512]) {
  writeFileSync(join(outDir, `icon-${size}.png`), draw(size, { maskable: false }));
  writeFileSync(join(outDir, `icon-maskable-${size}.png`), draw(size, { maskable: true }));
}
writeFileSync(join(outDir, 'apple-touch-icon-180.png'), draw(180, { maskable: true }));
console.log('icons written to', outDir);

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error pngjs (qrcode's PNG writer) ships no type declarations
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../server/admin';
import { createCommunity } from '../../server/db/repositories/communities';
import { readImageInfo } from '../../server/images/imageInfo';
import { demoPicture, encodePng } from '../../server/images/png';
import { ensureDemoContent } from '../../server/db/demoContent';
import { backends } from './helpers/databases';
import { createHarness, expectOk, type Harness } from './helpers/harness';

/** A real PNG of the given size (pngjs). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const png = (width: number, height: number): Buffer => (PNG as any).sync.write(new PNG({ width, height }));

/** The header of a baseline JPEG: SOI, an APP0 segment, then SOF0 with the size. */
const jpeg = (width: number, height: number) =>
  Buffer.from([
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
    0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01,
    0xff, 0xd9,
  ]);

/** A WebP (VP8X) header with the size. */
function webp(width: number, height: number): Buffer {
  const bytes = Buffer.alloc(30);
  bytes.write('RIFF', 0, 'ascii');
  bytes.writeUInt32LE(22, 4);
  bytes.write('WEBPVP8X', 8, 'ascii');
  bytes.writeUInt32LE(10, 16);
  bytes.writeUIntLE(width - 1, 24, 3);
  bytes.writeUIntLE(height - 1, 27, 3);
  return bytes;
}

/** A lossless WebP (VP8L) header with the size. */
function webpLossless(width: number, height: number): Buffer {
  const bytes = Buffer.alloc(30);
  bytes.write('RIFF', 0, 'ascii');
  bytes.write('WEBPVP8L', 8, 'ascii');
  bytes[20] = 0x2f;
  bytes.writeUInt32LE(((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14), 21);
  return bytes;
}

describe('encodePng', () => {
  it('writes a PNG that a PNG reader decodes pixel for pixel', () => {
    const bytes = encodePng(3, 2, (x, y) => [x * 100, y * 200, 7]);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const decoded = (PNG as any).sync.read(bytes) as { width: number; height: number; data: Buffer };
    expect([decoded.width, decoded.height]).toEqual([3, 2]);
    expect([...decoded.data.subarray(4 * 4, 4 * 4 + 4)]).toEqual([100, 200, 7, 255]);
    expect(readImageInfo(demoPicture(320, 180, [0, 0, 0], [255, 255, 255]))).toMatchObject({ type: 'png', width: 320, height: 180 });
  });
});

describe('readImageInfo', () => {
  it('reads the type and size of PNG, JPEG and WebP headers', () => {
    expect(readImageInfo(png(64, 40))).toMatchObject({ type: 'png', contentType: 'image/png', extension: 'png', width: 64, height: 40 });
    expect(readImageInfo(jpeg(800, 600))).toMatchObject({ type: 'jpeg', contentType: 'image/jpeg', extension: 'jpg', width: 800, height: 600 });
    expect(readImageInfo(webp(1200, 630))).toMatchObject({ type: 'webp', extension: 'webp', width: 1200, height: 630 });
    expect(readImageInfo(webpLossless(300, 200))).toMatchObject({ type: 'webp', width: 300, height: 200 });
  });

  it('answers null for anything else, truncated headers and zero sizes', () => {
    expect(readImageInfo(Buffer.from('GIF89a........'))).toBeNull();
    expect(readImageInfo(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(readImageInfo(png(10, 10).subarray(0, 20))).toBeNull();
    expect(readImageInfo(jpeg(10, 10).subarray(0, 24))).toBeNull();
    expect(readImageInfo(jpeg(0, 10))).toBeNull();
    expect(readImageInfo(new Uint8Array())).toBeNull();
  });
});

describe.each(backends)('operator images on $name', (backend) => {
  let h: Harness;
  let dir: string;
  let files = 0;
  beforeAll(async () => {
    h = await createHarness(backend);
    dir = mkdtempSync(join(tmpdir(), 'pips-images-'));
  });
  afterAll(async () => {
    await h?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const file = (content: Buffer | string, ext: string) => {
    const path = join(dir, `image-${++files}.${ext}`);
    writeFileSync(path, content);
    return path;
  };
  async function run(...argv: string[]) {
    const lines: string[] = [];
    const code = await runAdmin(argv, { db: h.db, publicUrl: 'http://pips.test', out: (line) => lines.push(line) });
    return { code, output: lines.join('\n') };
  }

  it('sets an image with --image, serves it immutable under its hash, and gives its size in the API', async () => {
    await h.reset();
    const image = png(48, 32);
    const created = await run('promo:create', '--community', h.community.id, '--title', 'Beach clean-up', '--pips', '5', '--image', file(image, 'png'));
    expect(created.code).toBe(0);
    const path = /image: (\/images\/[0-9a-f]{64}\.png) \(48x32\)/.exec(created.output)?.[1];
    expect(path).toBeDefined();

    const member = await h.registerVerified();
    const promos = expectOk(await h.call({ url: '/mobile/promos/get', query: { type: 'EARN' }, token: member.authToken })).promos;
    expect(promos.find((p: { title: string }) => p.title === 'Beach clean-up')).toMatchObject({ imageUrl: path, imageWidth: 48, imageHeight: 32 });

    const served = await h.app.inject({ url: path! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(image)).toBe(true);
    const again = await h.app.inject({ url: path!, headers: { 'if-none-match': String(served.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('sets a reward\'s image at creation and an existing one\'s with promo:image, and takes it off with --remove', async () => {
    await h.reset();
    const c = (await createCommunity(h.db, 'Images')).id;
    const reward = await run('reward:create', '--community', c, '--title', 'Coffee', '--option', 'Small=5', '--image', file(jpeg(640, 480), 'jpg'));
    expect(reward.output).toMatch(/image: \/images\/[0-9a-f]{64}\.jpg \(640x480\)/);
    const id = Number(/reward #(\d+)/.exec(reward.output)![1]);
    const set = await run('promo:image', '--promo', String(id), '--image', file(webp(1200, 630), 'webp'));
    expect(set.output).toMatch(/Set the image of reward #\d+: \/images\/[0-9a-f]{64}\.webp \(1200x630\)/);
    const row = await h.db.selectFrom('promos').select(['image_url', 'image_width', 'image_height']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ image_width: 1200, image_height: 630 });
    expect((await h.app.inject({ url: row.image_url! })).headers['content-type']).toBe('image/webp');
    await run('promo:image', '--promo', String(id), '--remove');
    expect(await h.db.selectFrom('promos').select(['image_url', 'image_width']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ image_url: null, image_width: null });
  });

  it('refuses what is not a usable image with a clear message and creates nothing', async () => {
    await h.reset();
    const c = (await createCommunity(h.db, 'Bad images')).id;
    const base = ['promo:create', '--community', c, '--title', 'T', '--pips', '1'];
    const cases: [string[], RegExp][] = [
      [[...base, '--image', file('just text', 'png')], /not a PNG, JPEG or WebP image/],
      [[...base, '--image', file(Buffer.from('GIF89a..........'), 'gif')], /not a PNG, JPEG or WebP image/],
      [[...base, '--image', file(Buffer.alloc(0), 'png')], /empty/],
      [[...base, '--image', file(Buffer.concat([png(4, 4), Buffer.alloc(1024 * 1024)]), 'png')], /at most 1024 KiB/],
      [[...base, '--image', file(webp(5000, 10), 'webp')], /5000x10 pixels; at most 4096/],
      [[...base, '--image', join(dir, 'missing.png')], /cannot read/],
      [[...base, '--image', dir], /is not a file/],
      [[...base, '--image', file(png(2, 2), 'png'), '--image-url', 'https://example.org/a.png'], /either --image or --image-url/],
      [['promo:image', '--promo', '999999', '--image', file(png(2, 2), 'png')], /no promo 999999/],
      [['promo:image', '--promo', '1'], /either --image <file> or --remove/],
    ];
    for (const [argv, message] of cases) await expect(run(...argv), argv.join(' ')).rejects.toThrow(message);
    expect(await h.db.selectFrom('promos').select('id').where('community_id', '=', c).execute()).toEqual([]);
  });

  it('gives the demo rewards a picture each', async () => {
    await h.reset();
    await ensureDemoContent(h.db, h.community.id);
    const member = await h.registerVerified();
    const promos = expectOk(await h.call({ url: '/mobile/promos/get', query: { type: 'REDEEM' }, token: member.authToken })).promos;
    expect(promos.map((p: { imageWidth: number; imageHeight: number }) => [p.imageWidth, p.imageHeight])).toEqual([[320, 180], [320, 180]]);
    for (const promo of promos) expect((await h.app.inject({ url: promo.imageUrl })).statusCode).toBe(200);
  });

  it('answers 404 in the envelope for an unknown or malformed image name, never the app shell', async () => {
    for (const url of [`/images/${'a'.repeat(64)}.png`, '/images/nope.png', `/images/${'a'.repeat(64)}.gif`]) {
      const response = await h.call({ url });
      expect(response.status, url).toBe(404);
      expect(response.body).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    }
  });
});

// @vitest-environment node
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { smallestGzip } from '../../../build/precompress';

/** A text like a chunk of the build: code with repeats at every distance. */
function codeLike(bytes: number): Buffer {
  const words = ['const', 'function', 'return', 'useState', 'mantine', 'export', '=>', '{', '}', 'i18n._', 'await', 'import'];
  let text = '';
  for (let i = 0; text.length < bytes; i++) text += `${words[(i * 7) % words.length]}${i % 97} `;
  return Buffer.from(text.slice(0, bytes));
}

describe('smallestGzip', () => {
  it('gzips a big file with Zopfli: any reader reads it back, and it is smaller than zlib level 9', async () => {
    const body = codeLike(200_000);
    const gz = await smallestGzip(body);
    expect(gunzipSync(gz).equals(body)).toBe(true);
    expect(gz.length).toBeLessThan(gzipSync(body, { level: 9 }).length);
    // Zopfli is CPU work (about a second alone): on a shared 2-core machine running the other
    // suites beside it, Vitest's 5 s default was once too short.
  }, 60_000);

  it.each([
    ['a small file', 20 * 1024],
    ['a file above Zopfli’s limit', 900 * 1024],
  ])('uses zlib level 9 for %s', async (_, bytes) => {
    const body = codeLike(bytes);
    const gz = await smallestGzip(body);
    expect(gunzipSync(gz).equals(body)).toBe(true);
    expect(gz.equals(gzipSync(body, { level: 9 }))).toBe(true);
  });
});

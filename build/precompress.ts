import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { gzip as zopfliGzip } from '@gfx/zopfli';
import type { Plugin } from 'vite';

/** Text files worth compressing, and the smallest size that pays off. */
const compressible = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
const minBytes = 1024;
/**
 * The service worker is left alone: a browser fetches it fresh on every update check, and a
 * stale compressed copy must never stand in for a new one.
 */
const skipped = /(^|\/)(sw|workbox-[^/]*)\.js$/;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

/**
 * The files Zopfli gzips (the others get zlib's level 9): from 64 KB, where its 3-4 % are
 * kilobytes (the `app` chunk: 5 KB), up to 768 KB. Below, its fixed cost per file (~0.1 s) would
 * add 20 s to a build for a few hundred bytes each; above, Zopfli takes seconds per file, and the
 * only larger file is the OpenAPI viewer's (~1.9 MB), which few ever fetch.
 */
const zopfliBytes = { min: 64 * 1024, max: 768 * 1024 };
/** Zopfli's passes: 5 keeps nearly all of its gain over zlib at a third of the default's time. */
const zopfliIterations = 5;

/** A gzip stream (any gzip reader reads it): Zopfli's for a file in `zopfliBytes`, zlib's best otherwise. */
export function smallestGzip(body: Buffer): Promise<Buffer> {
  if (body.length < zopfliBytes.min || body.length > zopfliBytes.max) return Promise.resolve(gzipSync(body, { level: 9 }));
  return new Promise((resolve, reject) =>
    zopfliGzip(body, { numiterations: zopfliIterations }, (error, output) => (error ? reject(error) : resolve(Buffer.from(output)))),
  );
}

/**
 * Writes `<file>.br` and `<file>.gz` next to every text file of the build, so the server sends
 * them as they are (`@fastify/static` with `preCompressed`) instead of compressing per request
 * or not at all. The big files' gzip copies come from Zopfli (`smallestGzip`): 3-4 % smaller than
 * zlib's level 9, for the browsers and proxies that take gzip only.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'pips-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async writeBundle() {
      for (const path of files(outDir)) {
        if (!compressible.test(path) || skipped.test(path.replaceAll('\\', '/'))) continue;
        const body = readFileSync(path);
        if (body.length < minBytes) continue;
        writeFileSync(`${path}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${path}.gz`, await smallestGzip(body));
      }
    },
  };
}

import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
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
 * Writes `<file>.br` and `<file>.gz` next to every text file of the build, so the server sends
 * them as they are (`@fastify/static` with `preCompressed`) instead of compressing per request
 * or not at all.
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
    writeBundle() {
      for (const path of files(outDir)) {
        if (!compressible.test(path) || skipped.test(path.replaceAll('\\', '/'))) continue;
        const body = readFileSync(path);
        if (body.length < minBytes) continue;
        writeFileSync(`${path}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

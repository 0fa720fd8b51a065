import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { precompress } from '../../../build/precompress';
import { startProduct } from '../../e2e/support/serverProcess';

export interface RunningFloor {
  /** The origin; the page answers at `${url}/login`. */
  url: string;
  stop(): Promise<void>;
}

/**
 * The benches' reference of the same run (test/bench/floor/main.tsx: a bare sign-in page of the
 * design card's stack): built for production as the product is (same target, precompressed by
 * the same plugin, the same public files) into a folder of its own, then served by the real
 * server in place of the PWA (STATIC_DIR), so its bytes and headers reach Chromium as the
 * product's do. `env` is added to the server's environment (its SMTP sink).
 */
export async function startFloor(env: Record<string, string> = {}): Promise<RunningFloor> {
  const outDir = mkdtempSync(join(tmpdir(), 'pips-floor-'));
  await build({
    configFile: false,
    logLevel: 'warn',
    root: fileURLToPath(new URL('.', import.meta.url)),
    // The product's public files (icons, robots.txt), as the server has them for the PWA.
    publicDir: fileURLToPath(new URL('../../../public', import.meta.url)),
    plugins: [react(), precompress()],
    build: { outDir, emptyOutDir: true, target: 'es2022', sourcemap: false },
  });
  const product = await startProduct({ ...env, STATIC_DIR: outDir });
  return {
    url: product.url,
    async stop() {
      await product.stop();
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}

import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { VitePWA } from 'vite-plugin-pwa';
import { catalogParts } from './build/catalogParts';
import { earlyEntry } from './build/earlyEntry';
import { machineDiagrams } from './build/machineDiagramsPlugin';
import { mantineComponentCss } from './build/mantineComponentCss';
import { nonBlockingStylesheets } from './build/nonBlockingStylesheets';
import { precompress } from './build/precompress';
import { prerender } from './build/prerender/plugin';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:8080';

/**
 * Paths the reference server answers (its API_PREFIXES, server/plugins/external/static.ts); the dev
 * server proxies them so the PWA talks to one origin.
 */
const apiPrefixes = ['/api', '/mobile', '/web', '/admin', '/images'];

/** The web manifest's app name as built: Welcome's title while the manifest is fetched (src/appName.ts). */
const manifestName = (JSON.parse(readFileSync(new URL('./public/manifest.webmanifest', import.meta.url), 'utf8')) as { name?: string }).name ?? '';

export default defineConfig({
  define: { 'import.meta.env.PIPS_MANIFEST_NAME': JSON.stringify(manifestName) },
  plugins: [
    mantineComponentCss(),
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
    lingui(),
    machineDiagrams(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
        // The member's catalog parts (build/catalogParts.ts) are precached with their chunks, in
        // both languages, so a language switch works offline. The operator console and its
        // catalog are for the few who run a community (online), and the OpenAPI viewer (~500 KB)
        // for the few who open /api-docs: not in every member's install. The prerendered pages
        // (build/prerender) are for first visits: an installed app opens on its cached shell.
        globIgnores: ['**/admin-*.js', '**/ApiDocsViewer-*', '**/AdminScreen-*', 'prerendered/**'],
      },
      devOptions: { enabled: false },
    }),
    nonBlockingStylesheets(),
    earlyEntry('src/earlyInstallOffer.ts'),
    catalogParts(),
    precompress(),
    prerender(),
  ],
  server: {
    host: '127.0.0.1',
    proxy: Object.fromEntries(apiPrefixes.map((p) => [p, { target: apiTarget, changeOrigin: true }])),
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    target: 'es2022',
    rolldownOptions: {
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          groups: [
            // Everything the first screen needs whatever the route (React, Mantine's provider, the
            // actor system, the shell) in one file instead of some forty: each file costs a
            // request and its headers, and small files compress worse.
            // Not the early install offer's holder: its own entry must run before this file arrives.
            { name: 'app', tags: ['$initial'], test: (id: string) => !id.endsWith('/src/earlyInstallOffer.ts') },
          ],
          // A screen's small shared pieces (a Mantine input, a message table) travel inside the
          // screen's own file instead of a file each.
          experimentalInlineCommonChunks: { maxSize: 12 * 1024 },
        },
      },
    },
  },
});

/**
 * The prerender itself, in its own process (the build's plugin, build/prerender/plugin.ts, starts
 * it once the client is written): `node --import tsx build/prerender/run.ts <job.json>`.
 *
 * The app renders in happy-dom through Vite's module loader, in production mode, as `main.tsx`
 * starts it for a first visitor: nothing stored, the network not answering yet (the API never
 * answers here; the build's own static files, such as the web manifest, do). Each route's markup,
 * once its screen shows, goes into its language's shell with the CSS it uses inline
 * (build/prerender/page.ts), written with its brotli and gzip copies beside it.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { GlobalRegistrator } from '@happy-dom/global-registrator';
import Beasties from 'beasties';
import { createServer } from 'vite';
import { PRERENDERED_INDEX, prerenderedFile, prerenderedPage, shellStylesheets, type PrerenderedIndex } from './page';

export interface PrerenderJob {
  outDir: string;
  /** language -> its shell's file name under outDir */
  shells: Record<string, string>;
  routes: { path: string; stylesheets: string[]; scripts: string[] }[];
}

process.env.NODE_ENV = 'production';
const job = JSON.parse(readFileSync(process.argv[2], 'utf8')) as PrerenderJob;
const outDir = resolve(job.outDir);

const vite = await createServer({
  mode: 'production',
  configFile: resolve('vite.config.ts'),
  server: { middlewareMode: true, hmr: false, ws: false },
  appType: 'custom',
  logLevel: 'warn',
});
// happy-dom's window as the globals, but Node's own timers (Vite's run on them).
const node = { setTimeout, clearTimeout, setInterval, clearInterval, setImmediate, clearImmediate, queueMicrotask };
GlobalRegistrator.register({ url: 'http://localhost/', width: 390, height: 844 });
Object.assign(globalThis, node);
// A first visit before any answer: the API never answers; the build's static files do, and the
// markup is taken once their answers have been read.
const served: Promise<unknown>[] = [];
globalThis.fetch = ((input: RequestInfo | URL) => {
  const url = new URL(input instanceof Request ? input.url : String(input), location.href);
  const file = join(outDir, decodeURIComponent(url.pathname));
  if (url.pathname.startsWith('/api') || !file.startsWith(outDir + sep) || !existsSync(file)) return new Promise<never>(() => {});
  const answer = Promise.resolve(new Response(readFileSync(file), { status: 200 }));
  served.push(answer);
  return answer;
}) as typeof fetch;
/** Waits until every static answer asked for so far has been read and rendered. */
async function settle(): Promise<void> {
  for (let settled = 0; settled < served.length; ) {
    settled = served.length;
    await Promise.all(served);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A built file's text, by its URL path. */
const built = (href: string) => readFileSync(join(outDir, href), 'utf8');

/**
 * Keeps, of the page's inline CSS, the rules its markup uses (Beasties: selectors matched against
 * the document, unused @keyframes and media queries dropped); the stylesheets it links are left
 * as they are.
 */
const critical = new Beasties({
  external: false,
  reduceInlineStyles: true,
  mergeStylesheets: false,
  // Mantine's colour variables sit under `:root[data-mantine-color-scheme=light],:host(...)`, a list
  // Beasties cannot match (`:host`): without them the page painted a white "Log in" button.
  allowRules: [/:root/, /:host/],
  logLevel: 'warn',
});

try {
  const { renderFirstScreen } = (await vite.ssrLoadModule('/build/prerender/entry.tsx')) as typeof import('./entry');
  const index: PrerenderedIndex = {};
  for (const [language, shellFile] of Object.entries(job.shells)) {
    const shell = readFileSync(join(outDir, shellFile), 'utf8');
    for (const route of job.routes) {
      history.replaceState(null, '', route.path);
      localStorage.clear();
      const { markup, htmlAttributes } = await renderFirstScreen(language as 'en' | 'es', settle);
      const mangled = /([a-z-]+)-width: (var\([^;]+\)); \1-style: \2;/.exec(markup);
      if (mangled) throw new Error(`prerender: happy-dom wrote a shorthand holding var() as ${mangled[0]}: use longhands (${route.path})`);
      const css = [...shellStylesheets(shell), ...route.stylesheets].map(built).join('\n');
      const page = await critical.process(
        prerenderedPage(shell, { markup, htmlAttributes, css, stylesheets: route.stylesheets, scripts: route.scripts }),
      );
      const name = prerenderedFile(route.path, language);
      (index[route.path] ??= {})[language] = name;
      const file = join(outDir, name);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, page);
      writeFileSync(`${file}.br`, brotliCompressSync(page, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${file}.gz`, gzipSync(page, { level: 9 }));
    }
  }
  writeFileSync(join(outDir, PRERENDERED_INDEX), `${JSON.stringify(index, null, 2)}\n`);
} finally {
  await vite.close();
}
// React, Mantine and the actors leave timers behind: the job is done.
process.exit(0);

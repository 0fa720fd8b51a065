import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin, ResolvedConfig } from 'vite';
import { SPANISH_SHELL } from '../catalogParts';
import { prerenderedRoutes } from './page';
import type { PrerenderJob } from './run';

type ChunkWithCss = OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

/**
 * What a screen's chunk brings beyond the first load's files: its scripts (the chunk and its static
 * imports) and their stylesheets.
 */
export function screenFiles(bundle: OutputBundle, screen: string, base: string): { scripts: string[]; stylesheets: string[] } {
  const chunks = Object.values(bundle).filter((item): item is ChunkWithCss => item.type === 'chunk');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  // The first load's files (the entries and what they import): the shell names them already.
  const initial = new Set<string>();
  const load = (fileName: string) => {
    if (initial.has(fileName)) return;
    initial.add(fileName);
    byName.get(fileName)?.imports.forEach(load);
  };
  for (const chunk of chunks) if (chunk.isEntry) load(chunk.fileName);
  const facade = chunks.find((chunk) => chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(`/${screen}`));
  if (!facade) throw new Error(`prerender: no chunk for ${screen}`);
  const scripts: string[] = [];
  const stylesheets: string[] = [];
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName) || initial.has(fileName)) return;
    seen.add(fileName);
    const chunk = byName.get(fileName);
    if (!chunk) return;
    scripts.push(base + fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) stylesheets.push(base + css);
    chunk.imports.forEach(visit);
  };
  visit(facade.fileName);
  return { scripts, stylesheets };
}

/**
 * Prerenders the public screens a first visit opens on (build/prerender/page.ts): once the client
 * is written, a separate Node process renders each route in both languages (build/prerender/run.ts)
 * into `prerendered/`, which the server sends for those paths (server/plugins/external/static.ts).
 * The pages are not precached: an installed app opens on its cached shell.
 */
export function prerender(): Plugin {
  let config: ResolvedConfig;
  let job: PrerenderJob | null = null;
  return {
    name: 'pips-prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== 'client') return;
      job = {
        outDir: resolve(config.root, config.build.outDir),
        shells: { en: 'index.html', es: SPANISH_SHELL },
        routes: prerenderedRoutes.map(({ path, screen }) => ({ path, ...screenFiles(bundle, screen, config.base) })),
      };
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        if (!job) return;
        const dir = mkdtempSync(join(tmpdir(), 'pips-prerender-'));
        try {
          const jobFile = join(dir, 'job.json');
          writeFileSync(jobFile, JSON.stringify(job));
          const run = spawnSync(process.execPath, ['--import', 'tsx', 'build/prerender/run.ts', jobFile], {
            cwd: config.root,
            stdio: 'inherit',
            env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
          });
          if (run.status !== 0) throw new Error(`prerender failed (exit ${run.status ?? run.signal})`);
        } finally {
          rmSync(dir, { recursive: true, force: true });
          job = null;
        }
      },
    },
  };
}

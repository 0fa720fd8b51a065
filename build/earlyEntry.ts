import { resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * A module that must run before the app's script has arrived (src/earlyInstallOffer.ts), as its
 * own entry. In index.html it would not do: Vite gathers a page's module scripts into one entry,
 * which waits for the app's chunk. The build gets it as a second input, and the page a
 * `<script type="module">` for its file ahead of the app's, so it runs as soon as the page is
 * parsed (module scripts run in the page's order, each once its own file is there). The dev
 * server serves it as it is. vite.config.ts keeps it out of the `app` chunk.
 */
export function earlyEntry(source: string): Plugin {
  let root = process.cwd();
  return {
    name: 'pips-early-entry',
    config(config) {
      root = config.root ? resolve(config.root) : root;
      return { build: { rolldownOptions: { input: { index: resolve(root, 'index.html'), early: resolve(root, source) } } } };
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        let src = `/${source}`;
        if (ctx.bundle) {
          const chunk = Object.values(ctx.bundle).find((c) => c.type === 'chunk' && c.isEntry && c.facadeModuleId === resolve(root, source));
          if (!chunk) throw new Error(`pips-early-entry: no entry chunk for ${source}`);
          src = `/${chunk.fileName}`;
        }
        return html.replace(/<script\b/, `<script type="module" crossorigin src="${src}"></script>\n    <script`);
      },
    },
  };
}

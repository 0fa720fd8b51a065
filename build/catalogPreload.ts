import type { OutputAsset, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/** The shell a Spanish-speaking browser gets (the server picks it by Accept-Language). */
export const SPANISH_SHELL = 'index.es.html';

const catalogOf = /[\\/]locales[\\/](\w+)[\\/]messages\.po$/;

/**
 * The first screen waits for its language's catalog, which `main.tsx` imports once the `app` chunk
 * has run: on a slow network that is one more round trip before anything is drawn. The shell now
 * names the catalog in a `modulepreload`, so it comes in parallel with the `app` chunk:
 * `index.html` the English one, `index.es.html` the Spanish one (the server sends the shell of the
 * browser's language; a member who chose the other language in the app fetches theirs as before).
 */
export function catalogPreload(): Plugin {
  return {
    name: 'pips-catalog-preload',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const catalogs = new Map<string, string>();
      for (const file of Object.values(bundle)) {
        const match = file.type === 'chunk' && (file as OutputChunk).facadeModuleId?.match(catalogOf);
        if (match) catalogs.set(match[1], file.fileName);
      }
      const shell = bundle['index.html'] as OutputAsset | undefined;
      if (!shell) return;
      const html = String(shell.source);
      const withCatalog = (locale: string) => {
        const file = catalogs.get(locale);
        if (!file) throw new Error(`catalog-preload: no catalog chunk for ${locale}`);
        return html.replace('</head>', `  <link rel="modulepreload" crossorigin href="/${file}">\n  </head>`);
      };
      shell.source = withCatalog('en');
      this.emitFile({ type: 'asset', fileName: SPANISH_SHELL, source: withCatalog('es') });
    },
  };
}

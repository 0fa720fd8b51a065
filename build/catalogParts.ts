import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { createCompiledCatalog, getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import MagicString from 'magic-string';
import type { OutputAsset } from 'rolldown';
import type { Plugin } from 'vite';

/** The shell a Spanish-speaking browser gets (the server picks it by Accept-Language). */
export const SPANISH_SHELL = 'index.es.html';

/**
 * The shell's line for a browser without JavaScript (index.html's `<noscript>`), in each shell's
 * language: the Spanish shell and its prerendered pages said it in English.
 */
export const NO_SCRIPT = {
  en: 'pips needs JavaScript to run.',
  es: 'pips necesita JavaScript para funcionar.',
} as const;

/** The member's catalog (lingui.config.ts); the operator console's keeps its own chunk. */
const MEMBER_CATALOG = resolve('locales/{locale}/messages');

/** Every string literal of a module's code (after the Lingui macro: `{ id: "pages.login.title" }`). */
const literals = /(["'`])([A-Za-z][\w.-]*)\1/g;

/** A chunk's messages: the URL of its compiled part, per locale. */
type PartUrls = Record<string, string>;

/**
 * The JavaScript a chunk starts with so its messages are there before its code runs.
 * A chunk of the first load (the `app` chunk) lists its part: `main.tsx` activates the locale with
 * every listed part before the first render (src/i18n/catalogParts.ts). A chunk loaded later (a
 * screen) waits for its part in the active locale with a top-level await, so the screen it holds
 * never renders a message id.
 */
export function partPrologue(urls: PartUrls, initial: boolean): string {
  const part = JSON.stringify(urls);
  if (initial) return `(globalThis.__pipsCatalogParts||=[]).push(${part});\n`;
  return `{const p=${part};globalThis.__pipsLoadCatalogPart?await globalThis.__pipsLoadCatalogPart(p):(globalThis.__pipsCatalogParts||=[]).push(p)}\n`;
}

/** The message ids of the catalog found among a module's string literals. */
export function messageIdsIn(code: string, ids: ReadonlySet<string>): string[] {
  const found = new Set<string>();
  for (const [, , literal] of code.matchAll(literals)) if (ids.has(literal)) found.add(literal);
  return [...found];
}

/**
 * Per-chunk catalogs. Instead of the member's whole catalog on the first load, each chunk of the
 * build carries the compiled messages its own modules use, as one small module per locale
 * (`assets/messages-<hash>.js`, precached by the service worker): the first load gets the shell's
 * messages, and a screen's arrive with the screen.
 *
 * How: the transform hook records which catalog ids each module's code names (Lingui's macro
 * leaves `{ id: "..." }` in the code); when a chunk is rendered, its part is the union over its
 * modules, compiled per locale with Lingui's own compiler (fallbacks included), and the chunk
 * starts with a prologue naming the part's files (see `partPrologue`). The file names are content
 * hashes and the prologue is part of the chunk, so the chunk's own hash changes with its messages.
 * The shells preload the first load's part of their language (`index.html` English,
 * `index.es.html` Spanish). In development and tests the whole .po is imported as before.
 */
export function catalogParts(): Plugin {
  let base = '/';
  let assetsDir = 'assets';
  let locales: string[] = [];
  /** locale -> id -> the message as translated (fallbacks applied), not yet compiled */
  const translations = new Map<string, Record<string, string>>();
  let ids = new Set<string>();
  const idsOfModule = new Map<string, string[]>();
  /** fileName -> source of every part made in this build */
  const parts = new Map<string, string>();
  /** locale -> the part files of the first load's chunks */
  const initialParts = new Map<string, string[]>();
  let initialChunks: Set<string> | null = null;

  const compile = (locale: string, partIds: string[]): string => {
    const all = translations.get(locale)!;
    const messages: Record<string, string> = {};
    for (const id of partIds) messages[id] = all[id];
    const { source, errors } = createCompiledCatalog(locale, messages, { namespace: 'es' });
    if (errors.length) throw new Error(`catalog-parts: ${locale} messages do not compile: ${errors.map((e) => e.id).join(', ')}`);
    return source;
  };

  return {
    name: 'pips-catalog-parts',
    apply: 'build',
    enforce: 'post',
    config: () => ({ define: { 'import.meta.env.PIPS_CATALOG_PARTS': 'true' } }),
    configResolved(config) {
      base = config.base;
      assetsDir = config.build.assetsDir;
    },
    async buildStart() {
      const config = getConfig();
      locales = config.locales;
      const catalog = (await getCatalogs(config)).find((c) => resolve(c.path) === MEMBER_CATALOG);
      if (!catalog) throw new Error(`catalog-parts: lingui.config has no catalog at ${MEMBER_CATALOG}`);
      const { fallbackLocales, sourceLocale } = config;
      if (!fallbackLocales || !sourceLocale) throw new Error('catalog-parts: lingui.config needs sourceLocale and fallbackLocales');
      for (const locale of locales) {
        const { messages } = await catalog.getTranslations(locale, { fallbackLocales, sourceLocale });
        translations.set(locale, messages as Record<string, string>);
      }
      ids = new Set(Object.keys(translations.get(sourceLocale)!));
      idsOfModule.clear();
      parts.clear();
      initialParts.clear();
      initialChunks = null;
    },
    transform(code, id) {
      if (id.includes('/node_modules/') || id.startsWith('\0')) return null;
      const found = messageIdsIn(code, ids);
      if (found.length) idsOfModule.set(id, found);
      else idsOfModule.delete(id);
      return null;
    },
    renderChunk(code, chunk, _options, meta) {
      if (!initialChunks) {
        // The first load: the entries and what they import statically.
        initialChunks = new Set();
        const byName = new Map(Object.values(meta.chunks).map((c) => [c.fileName, c]));
        const pending = Object.values(meta.chunks).filter((c) => c.isEntry);
        for (let c = pending.pop(); c; c = pending.pop()) {
          if (initialChunks.has(c.fileName)) continue;
          initialChunks.add(c.fileName);
          for (const imported of c.imports) {
            const next = byName.get(imported);
            if (next) pending.push(next);
          }
        }
      }
      const partIds = [...new Set(chunk.moduleIds.flatMap((id) => idsOfModule.get(id) ?? []))].sort();
      if (!partIds.length) return null;
      const initial = initialChunks.has(chunk.fileName);
      const urls: PartUrls = {};
      for (const locale of locales) {
        const source = compile(locale, partIds);
        const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
        const fileName = `${assetsDir}/messages-${hash}.js`;
        parts.set(fileName, source);
        urls[locale] = `${base}${fileName}`;
        if (initial) initialParts.set(locale, [...(initialParts.get(locale) ?? []), fileName]);
      }
      const s = new MagicString(code);
      s.prepend(partPrologue(urls, initial));
      return { code: s.toString(), map: s.generateMap({ hires: 'boundary' }) };
    },
    generateBundle(_options, bundle) {
      for (const [fileName, source] of parts) this.emitFile({ type: 'asset', fileName, source });
      // The shells name their language's first-load part in a modulepreload, so it comes in
      // parallel with the `app` chunk instead of one round trip after it, and their language.
      const shell = bundle['index.html'] as OutputAsset | undefined;
      if (!shell) return;
      const html = String(shell.source);
      const withParts = (locale: string) => {
        const files = initialParts.get(locale);
        if (!files?.length) throw new Error(`catalog-parts: the first load has no ${locale} messages`);
        const links = files.map((file) => `  <link rel="modulepreload" crossorigin href="${base}${file}">\n`).join('');
        // The page's own language: a screen reader reads it before the app sets it (and the
        // prerendered Spanish pages, build/prerender, are Spanish from the first paint).
        return html
          .replace(/<html lang="[^"]*"/, `<html lang="${locale}"`)
          .replace('</head>', `${links}  </head>`)
          .replace(NO_SCRIPT.en, NO_SCRIPT[locale as keyof typeof NO_SCRIPT] ?? NO_SCRIPT.en);
      };
      shell.source = withParts('en');
      this.emitFile({ type: 'asset', fileName: SPANISH_SHELL, source: withParts('es') });
    },
  };
}

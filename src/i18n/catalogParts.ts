import { i18n, type Messages } from '@lingui/core';
import { loadCatalog, type RetryOptions } from './loadCatalog';
import { defaultLocale, type Locale } from './locales';

/**
 * One chunk's messages in the production build: the URL of a compiled module per locale
 * (build/catalogParts.ts). The first load's chunks list theirs in `globalThis.__pipsCatalogParts`
 * before any of their code runs; a chunk loaded later awaits `__pipsLoadCatalogPart` first.
 */
export type CatalogPart = Record<Locale, string>;

declare global {
  var __pipsCatalogParts: CatalogPart[] | undefined;
  var __pipsLoadCatalogPart: ((part: CatalogPart) => Promise<void>) | undefined;
}

export type PartImporter = (url: string) => Promise<{ messages: Messages }>;

const importPart: PartImporter = (url) => import(/* @vite-ignore */ url);

/**
 * Adds messages to a locale through Lingui's public `load`. It sends Lingui's `change` event, so
 * the screens that read messages render again once (the part's own chunk has not rendered yet);
 * the language itself has not changed, and the app's root is told only of a new locale
 * (`watchLanguage` in src/actors/appLogic.ts).
 */
export function addMessages(locale: Locale, messages: Messages): void {
  i18n.load(locale, messages);
}

export interface CatalogParts {
  /** Every part registered so far, in one locale, merged (for activating that locale). */
  load(locale: Locale): Promise<{ messages: Messages }>;
  /** The locale being shown or being switched to: a part that comes later loads in it. */
  want(locale: Locale): void;
  /** A chunk that came after the first load: registers its part and adds its messages to the wanted locale. */
  add(part: CatalogPart): Promise<void>;
}

/**
 * The parts of the running app. A part added while the language changes loads in the new one:
 * `want` is called before the change loads its parts, and `add` loads again when the wanted
 * locale moved during its own load.
 */
export function catalogParts(registered: CatalogPart[], importer: PartImporter = importPart, retry?: RetryOptions): CatalogParts {
  let wanted: Locale = defaultLocale;
  return {
    async load(locale) {
      const loaded = await Promise.all(registered.map((part) => importer(part[locale])));
      return { messages: Object.assign({}, ...loaded.map((module) => module.messages)) as Messages };
    },
    want(locale) {
      wanted = locale;
    },
    async add(part) {
      registered.push(part);
      let locale: Locale;
      do {
        locale = wanted;
        addMessages(locale, await loadCatalog(locale, (l) => importer(part[l]), retry));
      } while (locale !== wanted);
    },
  };
}

/** This app's parts: those the first load listed, and those of every chunk loaded since. */
export const appCatalogParts = catalogParts((globalThis.__pipsCatalogParts ??= []));
globalThis.__pipsLoadCatalogPart = appCatalogParts.add;

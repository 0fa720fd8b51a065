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
 * Adds messages to a locale without Lingui's `change` event: a part's messages are for a chunk
 * whose code has not run yet, so nothing on screen shows them, and the event would render the
 * whole app again (and tell the app's root that the language changed) for every screen opened.
 * Lingui's `load` is `_load` and then the event (@lingui/core 5).
 */
export function addMessages(locale: Locale, messages: Messages): void {
  const quiet = (i18n as unknown as { _load?: (locale: string, messages: Messages) => void })._load;
  if (typeof quiet === 'function') quiet.call(i18n, locale, messages);
  else i18n.load(locale, messages);
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

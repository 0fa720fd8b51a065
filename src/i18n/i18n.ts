import { i18n } from '@lingui/core';
import { appCatalogParts } from './catalogParts';
import { loadCatalog, type CatalogImporter } from './loadCatalog';
import { defaultLocale, languageStorageKey, rememberLanguageForServer, type Locale } from './locales';

export { i18n };

/**
 * The member's catalog of one locale: in the production build, the parts of the chunks loaded so
 * far (build/catalogParts.ts); in development and tests, the whole .po, compiled by the Lingui
 * Vite plugin on import (a chunk the build leaves out).
 */
export const importCatalog: CatalogImporter = import.meta.env.PIPS_CATALOG_PARTS
  ? (locale) => appCatalogParts.load(locale)
  : (locale) => import(`../../locales/${locale}/messages.po`);

/** Each load's number: a load is current while no later one has started. */
let latestLoad = 0;
/** The locale last asked for whose catalog could not load (English shows instead), if any. */
let notShown: Locale | null = null;

/** The locale last asked for (at start or by the switch) that could not be shown, if any. */
export const localeNotShown = (): Locale | null => notShown;

/**
 * Loads and activates a locale; when its catalog cannot be loaded after the retries,
 * falls back to English. Marks <html lang> with the locale actually shown. A load put aside
 * (its `signal` aborted, or a later load started) activates nothing and stops retrying; the
 * catalog parts of chunks loaded meanwhile are then wanted in the locale shown again, unless a
 * later load wants its own.
 */
export async function activateLocale(locale: Locale, importer: CatalogImporter = importCatalog, signal?: AbortSignal): Promise<Locale> {
  const load = ++latestLoad;
  const putAside = () => load !== latestLoad || signal?.aborted === true;
  const shownAgain = (): Locale => {
    if (load === latestLoad) appCatalogParts.want(i18n.locale as Locale);
    return i18n.locale as Locale;
  };
  let active = locale;
  let messages;
  appCatalogParts.want(locale);
  try {
    messages = await loadCatalog(locale, importer, { signal });
  } catch {
    if (putAside()) return shownAgain();
    active = defaultLocale;
    appCatalogParts.want(active);
    messages = await loadCatalog(defaultLocale, importer);
  }
  if (putAside()) return shownAgain();
  notShown = active === locale ? null : locale;
  i18n.loadAndActivate({ locale: active, messages });
  document.documentElement.lang = active;
  return active;
}

/**
 * The user's explicit choice: remembered in localStorage, then activated; tells the locale shown
 * in the end (English when the chosen catalog could not load).
 */
export async function chooseLocale(locale: Locale, signal?: AbortSignal): Promise<Locale> {
  try {
    localStorage.setItem(languageStorageKey, locale);
  } catch {
    // the choice still applies for this visit
  }
  rememberLanguageForServer(locale);
  return activateLocale(locale, importCatalog, signal);
}

import { i18n } from '@lingui/core';
import { appCatalogParts } from './catalogParts';
import { loadCatalog, type CatalogImporter } from './loadCatalog';
import { defaultLocale, languageStorageKey, type Locale } from './locales';

export { i18n };

/**
 * The member's catalog of one locale: in the production build, the parts of the chunks loaded so
 * far (build/catalogParts.ts); in development and tests, the whole .po, compiled by the Lingui
 * Vite plugin on import (a chunk the build leaves out).
 */
export const importCatalog: CatalogImporter = import.meta.env.PIPS_CATALOG_PARTS
  ? (locale) => appCatalogParts.load(locale)
  : (locale) => import(`../../locales/${locale}/messages.po`);

/**
 * Loads and activates a locale; when its catalog cannot be loaded after the retries,
 * falls back to English. Marks <html lang> with the locale actually shown. A load whose `signal`
 * was aborted meanwhile (the member chose again) activates nothing.
 */
export async function activateLocale(locale: Locale, importer: CatalogImporter = importCatalog, signal?: AbortSignal): Promise<Locale> {
  let active = locale;
  let messages;
  appCatalogParts.want(locale);
  try {
    messages = await loadCatalog(locale, importer);
  } catch {
    active = defaultLocale;
    appCatalogParts.want(active);
    messages = await loadCatalog(defaultLocale, importer);
  }
  if (signal?.aborted) return i18n.locale as Locale;
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
  return activateLocale(locale, importCatalog, signal);
}

import { i18n } from '@lingui/core';
import { loadCatalog, type CatalogImporter, importCatalog } from './loadCatalog';
import { defaultLocale, languageStorageKey, type Locale } from './locales';

export { i18n };

/**
 * Loads and activates a locale; when its catalog cannot be loaded after the retries,
 * falls back to English. Marks <html lang> with the locale actually shown.
 */
export async function activateLocale(locale: Locale, importer: CatalogImporter = importCatalog): Promise<Locale> {
  let active = locale;
  let messages;
  try {
    messages = await loadCatalog(locale, importer);
  } catch {
    active = defaultLocale;
    messages = await loadCatalog(defaultLocale, importer);
  }
  i18n.loadAndActivate({ locale: active, messages });
  document.documentElement.lang = active;
  return active;
}

/** The user's explicit choice: remembered in localStorage, then activated. */
export async function chooseLocale(locale: Locale): Promise<Locale> {
  try {
    localStorage.setItem(languageStorageKey, locale);
  } catch {
    // the choice still applies for this visit
  }
  return activateLocale(locale);
}

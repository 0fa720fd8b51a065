import { holdsCookie, writeServerCookie } from '../data/serverCookies';

/** The languages the app ships; English is the source and the fallback. */
export const locales = ['en', 'es'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'en';

/** localStorage key holding the user's language choice. */
export const languageStorageKey = 'language';

/**
 * The cookie that tells the server the member's chosen language, so that the page it sends for a
 * first screen (the shell, a prerendered /login) is in that language rather than the browser's
 * (server/plugins/external/static.ts). Only the choice, never anything else.
 */
export const languageCookie = 'language';

/** Tells the server the chosen language from now on (a year, every path, never cross-site). */
export function rememberLanguageForServer(locale: Locale, doc: Document = document): void {
  writeServerCookie(languageCookie, locale, doc);
}

/** The stored choice, also told to the server when it does not know it yet (a choice made before the cookie existed). */
export function rememberStoredLanguage(stored: string | null | undefined, doc: Document = document): void {
  const locale = parseLocale(stored);
  if (locale && !holdsCookie(languageCookie, locale, doc)) rememberLanguageForServer(locale, doc);
}

/** Native names, shown in the language switch (never translated). */
export const localeNames: Record<Locale, string> = { en: 'English', es: 'Español' };

/**
 * A BCP 47-looking tag: a two-letter language, optionally a region or script
 * (letters, or a UN M.49 number such as es-419). Anything else (markup, quotes, long
 * strings) is refused, so a tampered storage value or html attribute never reaches the DOM.
 */
const languageTagPattern = /^[a-z]{2}(-([A-Za-z]{2,4}|\d{3}))?$/;

/** Maps one detected value to a supported locale, or null when it is unsupported or suspicious. */
export function parseLocale(value: unknown): Locale | null {
  if (typeof value !== 'string') return null;
  const tag = value.trim();
  if (!languageTagPattern.test(tag)) return null;
  const language = tag.slice(0, 2);
  return (locales as readonly string[]).includes(language) ? (language as Locale) : null;
}

export interface LocaleSources {
  /** localStorage `language` */
  stored?: string | null;
  /** navigator.languages, or [navigator.language] */
  browser?: readonly string[];
  /** the `lang` attribute of <html> */
  htmlLang?: string | null;
}

/** Detection order: the stored choice, then the browser's languages, then <html lang>, then English. */
export function detectLocale({ stored, browser = [], htmlLang }: LocaleSources): Locale {
  for (const candidate of [stored, ...browser, htmlLang]) {
    const locale = parseLocale(candidate);
    if (locale) return locale;
  }
  return defaultLocale;
}

/** Reads the detection sources from the running browser. */
export function browserLocaleSources(): LocaleSources {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(languageStorageKey);
  } catch {
    // storage can be unavailable (private mode, blocked cookies): detection goes on without it
  }
  const browser = navigator.languages?.length ? navigator.languages : [navigator.language];
  return { stored, browser, htmlLang: document.documentElement.getAttribute('lang') };
}

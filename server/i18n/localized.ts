import { mailLanguage, type MailLanguage } from '../mail/language';
import type { LocalizedText } from '../db/schema';

/** The languages operator-written content is given in (the PWA's languages). */
export type ContentLanguage = MailLanguage;

/** The caller's language, from Accept-Language (Spanish when preferred, English otherwise). */
export const contentLanguage = (acceptLanguage: string | string[] | undefined): ContentLanguage =>
  mailLanguage(acceptLanguage);

/** One text in the caller's language: `es` when given, English otherwise. */
export function resolveText(text: LocalizedText, language: ContentLanguage): string;
export function resolveText(text: LocalizedText | null | undefined, language: ContentLanguage): string | null;
export function resolveText(text: LocalizedText | null | undefined, language: ContentLanguage): string | null {
  if (text === null || text === undefined) return null;
  if (typeof text === 'string') return text;
  return (language === 'es' ? text.es : undefined) ?? text.en;
}

/** Whether a value is LocalizedText: a string, or { en, es? } of strings. */
export function isLocalizedText(value: unknown): value is LocalizedText {
  if (typeof value === 'string') return true;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const entries = Object.entries(value);
  return (
    typeof (value as { en?: unknown }).en === 'string' &&
    entries.every(([key, text]) => (key === 'en' || key === 'es') && typeof text === 'string')
  );
}

/**
 * Resolves every LocalizedText inside a JSON value (a questionnaire payload): objects of the
 * shape { en, es? } become strings, everything else is copied as is.
 */
export function resolveDeep(value: unknown, language: ContentLanguage): unknown {
  if (Array.isArray(value)) return value.map((item) => resolveDeep(item, language));
  if (typeof value === 'object' && value !== null) {
    if (isLocalizedText(value)) return resolveText(value, language);
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolveDeep(item, language)]));
  }
  return value;
}

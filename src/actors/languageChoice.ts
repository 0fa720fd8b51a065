import { fromPromise } from 'xstate';
import { languageChoiceMachine } from '../../machines/languageChoice.machine';
import type { LanguageActivation, LanguageChoiceInput } from '../../machines/languageChoice.types';
import { chooseLocale, i18n, localeNotShown } from '../i18n/i18n';
import { parseLocale, type Locale } from '../i18n/locales';
import { browserOnline, watchOnline } from './watchOnline';

export interface LanguageChoiceDeps {
  /** Stores the choice and shows its catalog; tells the locale shown (i18n's `chooseLocale`). */
  choose?: (locale: Locale, signal: AbortSignal) => Promise<Locale>;
  /** Whether the browser is online (navigator.onLine). */
  online?: () => boolean;
  /** Where the online event comes from (the window). */
  target?: Window;
}

/**
 * The language switch's actor bound to the browser: `activate` stores the choice and loads its
 * catalog (Lingui) and tells whether the browser was offline when it could not (even when the
 * English fallback could not load either); the window's online event says when to try a waiting
 * choice again.
 */
export function languageChoiceLogic({ choose = chooseLocale, online = browserOnline, target }: LanguageChoiceDeps = {}) {
  return languageChoiceMachine.provide({
    actors: {
      activate: fromPromise<LanguageActivation, { locale: string }>(async ({ input, signal }) => {
        const locale = parseLocale(input.locale);
        if (!locale) throw new Error(`no catalog for ${input.locale}`);
        let shown: string;
        try {
          shown = await choose(locale, signal);
        } catch (error) {
          // Not even the English fallback could load (a member shown Spanish choosing English on
          // a first visit): offline, the choice waits like any other; online it failed.
          if (online()) throw error;
          shown = i18n.locale;
        }
        return { shown, offline: shown !== locale && !online() };
      }),
      watchOnline: watchOnline(target),
    },
  });
}

/**
 * The language choice's input at app start: the stored choice whose catalog could not load (the
 * app shows `shown` instead), and whether the browser was offline then; null when it shows.
 */
export function notShownAtStart(shown: string, online = browserOnline()): LanguageChoiceInput['notShown'] {
  const locale = localeNotShown();
  return locale && locale !== shown ? { locale, offline: !online } : null;
}

import { fromPromise } from 'xstate';
import { languageChoiceMachine } from '../../machines/languageChoice.machine';
import { chooseLocale } from '../i18n/i18n';
import { parseLocale, type Locale } from '../i18n/locales';
import { watchOnline } from './watchOnline';

/**
 * The language switch's actor bound to the browser: `activate` stores the choice and loads its
 * catalog (Lingui), the window's online event says when to try a waiting choice again.
 */
export function languageChoiceLogic(choose: (locale: Locale, signal: AbortSignal) => Promise<Locale> = chooseLocale, target?: Window) {
  return languageChoiceMachine.provide({
    actors: {
      activate: fromPromise<string, { locale: string }>(({ input, signal }) => {
        const locale = parseLocale(input.locale);
        if (!locale) throw new Error(`no catalog for ${input.locale}`);
        return choose(locale, signal);
      }),
      watchOnline: watchOnline(target),
    },
  });
}

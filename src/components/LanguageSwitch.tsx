import { memo } from 'react';
import { CloseButton, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { selectLanguageLoading, selectLanguageNoticeShown, selectLanguageWaiting } from '../../machines/languageChoice.selectors';
import { languageChoiceLogic } from '../actors/languageChoice';
import { localeNames, locales, parseLocale } from '../i18n/locales';
import classes from './LanguageSwitch.module.css';

const browserLanguageChoice = languageChoiceLogic();

/**
 * The top bar's EN | ES switch: one toggle button per language (each named in full for screen
 * readers, the chosen one pressed); remembers the choice and switches the catalog (the
 * languageChoice machine). The language loading is marked busy. When the chosen catalog cannot
 * load (offline, before the service worker saved it), a notice under the switch says the
 * language will show once the device is back online, and it does then. Two plain buttons rather
 * than Mantine's SegmentedControl, whose sliding indicator measured the layout on every render of
 * the top bar (a forced reflow on each page's first load) and cost 2 KB of the first download.
 * Memoized: it changes only with the language, not with every re-render of the top bar while
 * the session and the member's data arrive.
 */
export const LanguageSwitch = memo(function LanguageSwitch({ logic = browserLanguageChoice }: { logic?: typeof browserLanguageChoice }) {
  const { i18n, t } = useLingui();
  const choice = useActorRef(logic);
  const loading = useSelector(choice, selectLanguageLoading);
  const waiting = parseLocale(useSelector(choice, selectLanguageWaiting));
  const noticeShown = useSelector(choice, selectLanguageNoticeShown);
  return (
    <div className={classes.wrapper}>
      <div role="group" aria-label={t({ id: 'components.languageSwitch.label', message: 'Language' })} className={classes.switch}>
        {locales.map((locale) => (
          <UnstyledButton
            key={locale}
            lang={locale}
            className={classes.option}
            aria-pressed={i18n.locale === locale}
            aria-busy={loading === locale || undefined}
            onClick={() => choice.send({ type: 'user.choose', locale, shown: i18n.locale })}
          >
            <span aria-hidden>{locale.toUpperCase()}</span>
            <VisuallyHidden>{localeNames[locale]}</VisuallyHidden>
          </UnstyledButton>
        ))}
      </div>
      <div role="status" className={classes.notice} data-shown={(noticeShown && waiting) || undefined}>
        {noticeShown && waiting && (
          <>
            <span>
              <Trans id="components.languageSwitch.waiting">
                <span lang={waiting}>{localeNames[waiting]}</span> will show once you're back online.
              </Trans>
            </span>
            <CloseButton
              size="sm"
              aria-label={t({ id: 'components.languageSwitch.closeNotice', message: 'Close' })}
              onClick={() => choice.send({ type: 'user.dismiss' })}
            />
          </>
        )}
      </div>
    </div>
  );
});

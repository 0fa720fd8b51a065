import { memo } from 'react';
import { UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { chooseLocale } from '../i18n/i18n';
import { localeNames, locales } from '../i18n/locales';
import classes from './LanguageSwitch.module.css';

/**
 * The top bar's EN | ES switch: one toggle button per language (each named in full for screen
 * readers, the chosen one pressed); remembers the choice and switches the catalog. Two plain
 * buttons rather than Mantine's SegmentedControl, whose sliding indicator measured the layout on
 * every render of the top bar (a forced reflow on each page's first load) and cost 2 KB of the
 * first download. Memoized: it changes only with the language, not with every re-render of the
 * top bar while the session and the member's data arrive.
 */
export const LanguageSwitch = memo(function LanguageSwitch() {
  const { i18n, t } = useLingui();
  return (
    <div role="group" aria-label={t({ id: 'components.languageSwitch.label', message: 'Language' })} className={classes.switch}>
      {locales.map((locale) => {
        const chosen = i18n.locale === locale;
        return (
          <UnstyledButton
            key={locale}
            lang={locale}
            className={classes.option}
            aria-pressed={chosen}
            onClick={() => {
              if (!chosen) void chooseLocale(locale);
            }}
          >
            <span aria-hidden>{locale.toUpperCase()}</span>
            <VisuallyHidden>{localeNames[locale]}</VisuallyHidden>
          </UnstyledButton>
        );
      })}
    </div>
  );
});

import { memo } from 'react';
import { SegmentedControl, VisuallyHidden } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { chooseLocale } from '../i18n/i18n';
import { localeNames, locales, parseLocale } from '../i18n/locales';

/**
 * The top bar's EN | ES switch (each option named in full for screen readers): remembers the
 * choice and switches the catalog. Memoized: it changes only with the language, not with every
 * re-render of the top bar while the session and the member's data arrive.
 */
export const LanguageSwitch = memo(function LanguageSwitch() {
  const { i18n, t } = useLingui();
  return (
    <SegmentedControl
      size="xs"
      radius="xl"
      aria-label={t({ id: 'components.languageSwitch.label', message: 'Language' })}
      value={i18n.locale}
      onChange={(value) => {
        const locale = parseLocale(value);
        if (locale) void chooseLocale(locale);
      }}
      data={locales.map((locale) => ({
        value: locale,
        label: (
          <span lang={locale}>
            <span aria-hidden>{locale.toUpperCase()}</span>
            <VisuallyHidden>{localeNames[locale]}</VisuallyHidden>
          </span>
        ),
      }))}
    />
  );
});

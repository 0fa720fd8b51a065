import { useEffect, useState } from 'react';
import type { Messages } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { loadCatalog } from '../../i18n/loadCatalog';
import type { Locale } from '../../i18n/locales';

/** The console's own catalog of one locale (locales/<locale>/admin.po), its own chunk. */
const importAdminCatalog = (locale: Locale): Promise<{ messages: Messages }> => import(`../../../locales/${locale}/admin.po`);

/**
 * Whether the console's strings are there in the active language: the operator console keeps
 * them out of the member's catalog (a member's first load never carries them), and adds them to
 * the active locale when the console opens or the language changes (with the catalog loader's
 * retries). Until then the console shows its loader, never message ids.
 */
export function useAdminCatalog(): boolean {
  const { i18n } = useLingui();
  const locale = i18n.locale as Locale;
  const ready = () => i18n.messages['admin.title'] !== undefined;
  const [, setLoaded] = useState(0);
  useEffect(() => {
    if (ready()) return;
    let current = true;
    loadCatalog(locale, importAdminCatalog)
      .then((messages) => {
        i18n.load(locale, messages);
        if (current) setLoaded((n) => n + 1);
      })
      .catch(() => {
        // offline or gone: the console shows its loader; a language change or a reload tries again
      });
    return () => {
      current = false;
    };
    // ready() reads the active catalog, which changes with the locale
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [locale]);
  return ready();
}

import { createContext, memo, useContext, useEffect, useRef, useState, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { CloseButton, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '../actors/useSelector';
import type { ActorRefFrom } from 'xstate';
import type { languageChoiceMachine } from '../../machines/languageChoice.machine';
import { selectLanguageLoading, selectLanguageNotice } from '../../machines/languageChoice.selectors';
import { useSystemActor } from '../actors/hooks';
import { localeNames, locales, parseLocale } from '../i18n/locales';
import classes from './LanguageSwitch.module.css';

/**
 * The top bar's EN | ES switch: one toggle button per language (each named in full for screen
 * readers, the chosen one pressed); remembers the choice and switches the catalog through the
 * system's language choice actor (machines/languageChoice.machine.ts), so a choice waiting for
 * the connection waits for the whole visit, whatever is mounted. The language loading pulses.
 * When the chosen catalog cannot load, a notice (a live region) says so:
 * offline (before the service worker saved it), that the language shows once the device is back
 * online, which it then does; online, that it could not load. A choice the app started without
 * (its catalog could not load at start) is told likewise. Closing the notice puts the focus back
 * on the language pressed. The notice is drawn in the shell's slot below the top bar
 * (`LanguageNoticeSlot`), in the page's flow, so it pushes the page down instead of covering its
 * back link and heading (on a phone it did, until closed); without a slot (a test's own switch)
 * it hangs below the switch.
 *
 * Two plain buttons rather than Mantine's SegmentedControl, whose sliding indicator measured the
 * layout on every render of the top bar (a forced reflow on each page's first load) and cost 2 KB
 * of the first download. Memoized: it changes only with the language, not with every re-render
 * of the top bar while the session and the member's data arrive.
 */
export const LanguageSwitch = memo(function LanguageSwitch() {
  return <LanguageSwitchView choice={useSystemActor('languageChoice')} />;
});

/**
 * Where the shell wants the language notice drawn: a ref to an element below the top bar (null, or
 * a ref to nothing: under the switch). A ref, not the element: the shell holding the element in
 * state set by a callback ref re-rendered itself, the whole app, in the commit of its first render
 * (a state update in a commit is synchronous: one long task, the first screen mounted in it).
 */
export const LanguageNoticeSlot = createContext<RefObject<HTMLElement | null> | null>(null);

/** The switch driven by `choice`, a language choice actor (the system's, or a test's own). */
export function LanguageSwitchView({ choice }: { choice: ActorRefFrom<typeof languageChoiceMachine> }) {
  const { i18n, t } = useLingui();
  const slotRef = useContext(LanguageNoticeSlot);
  // The slot comes after the top bar in the page, so it is attached once this switch's first
  // commit is done: read then, and only this switch renders again.
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  useEffect(() => setSlot(slotRef?.current ?? null), [slotRef]);
  const loading = useSelector(choice, selectLanguageLoading);
  const selected = useSelector(choice, selectLanguageNotice);
  const noticeLocale = parseLocale(selected?.locale);
  const notice = selected && noticeLocale ? { locale: noticeLocale, reason: selected.reason } : null;
  const group = useRef<HTMLDivElement>(null);
  const closeFocused = useRef(false);
  const focusPressed = () => group.current?.querySelector<HTMLElement>('[aria-pressed="true"]')?.focus();
  const close = () => {
    choice.send({ type: 'user.dismiss' });
    focusPressed();
  };
  // The notice gone by itself (back online) while its close button had the focus: the focus goes
  // back to the switch instead of the page's start.
  const noticeShown = notice !== null;
  useEffect(() => {
    if (noticeShown || !closeFocused.current) return;
    closeFocused.current = false;
    focusPressed();
  }, [noticeShown]);
  const noticeBox = (
    <div className={slot ? classes.banner : classes.notice} data-shown={noticeShown || undefined}>
      <div role="status">
        {notice?.reason === 'offline' && (
          <Trans id="components.languageSwitch.waiting">
            <span lang={notice.locale}>{localeNames[notice.locale]}</span> will show once you're back online.
          </Trans>
        )}
        {notice?.reason === 'failed' && (
          <Trans id="components.languageSwitch.failed">
            <span lang={notice.locale}>{localeNames[notice.locale]}</span> could not be loaded. Please try again later.
          </Trans>
        )}
      </div>
      {notice && (
        <CloseButton
          size="sm"
          aria-label={t({ id: 'components.languageSwitch.closeNotice', message: 'Close' })}
          onClick={close}
          onFocus={() => (closeFocused.current = true)}
          onBlur={() => (closeFocused.current = false)}
        />
      )}
    </div>
  );
  return (
    <div className={classes.wrapper}>
      <div ref={group} role="group" aria-label={t({ id: 'components.languageSwitch.label', message: 'Language' })} className={classes.switch}>
        {locales.map((locale) => (
          <UnstyledButton
            key={locale}
            lang={locale}
            className={`${classes.option} pips-touch-target`}
            aria-pressed={i18n.locale === locale}
            data-loading={loading === locale || undefined}
            onClick={() => choice.send({ type: 'user.choose', locale, shown: i18n.locale })}
          >
            <span aria-hidden>{locale.toUpperCase()}</span>
            <VisuallyHidden>{localeNames[locale]}</VisuallyHidden>
          </UnstyledButton>
        ))}
      </div>
      {slot ? createPortal(noticeBox, slot) : noticeBox}
    </div>
  );
}

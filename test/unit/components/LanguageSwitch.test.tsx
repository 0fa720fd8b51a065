import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { createActor, type Actor } from 'xstate';
import { LanguageNoticeSlot, LanguageSwitchView } from '../../../src/components/LanguageSwitch';
import { languageChoiceLogic, notShownAtStart } from '../../../src/actors/languageChoice';
import { activateLocale, chooseLocale, i18n, importCatalog, localeNotShown } from '../../../src/i18n/i18n';
import { languageStorageKey, type Locale } from '../../../src/i18n/locales';
import type { LanguageChoiceInput } from '../../../machines/languageChoice.types';

let actors: Actor<ReturnType<typeof languageChoiceLogic>>[] = [];

afterEach(async () => {
  cleanup();
  for (const actor of actors) actor.stop();
  actors = [];
  localStorage.clear();
  await act(() => activateLocale('en'));
});

/** The switch with a language choice actor of its own, started as the app starts it (`input`: main.tsx's). */
function renderSwitch({ logic = languageChoiceLogic(), input }: { logic?: ReturnType<typeof languageChoiceLogic>; input?: LanguageChoiceInput } = {}) {
  const choice = createActor(logic, { input }).start();
  actors.push(choice);
  render(
    <I18nProvider i18n={i18n}>
      <MantineProvider>
        <LanguageSwitchView choice={choice} />
      </MantineProvider>
    </I18nProvider>,
  );
  return screen.getByRole('group', { name: /^(Language|Idioma)$/ });
}

describe('LanguageSwitch', () => {
  it('names each language in full, marks the one shown as pressed, and switches to the other', async () => {
    await activateLocale('en');
    renderSwitch();
    const english = screen.getByRole('button', { name: 'English' });
    const spanish = screen.getByRole('button', { name: 'Español' });
    expect(english.getAttribute('aria-pressed')).toBe('true');
    expect(spanish.getAttribute('aria-pressed')).toBe('false');
    expect(spanish.getAttribute('lang')).toBe('es');

    fireEvent.click(spanish);
    // the switch speaks Spanish now, and the choice is remembered
    await waitFor(() => expect(screen.getByRole('group', { name: 'Idioma' })).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Español' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe('false');
    expect(i18n.locale).toBe('es');
    expect(localStorage.getItem(languageStorageKey)).toBe('es');
  });

  it('does nothing when the language shown is chosen again', async () => {
    await activateLocale('en');
    renderSwitch();
    fireEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(localStorage.getItem(languageStorageKey)).toBeNull();
    expect(i18n.locale).toBe('en');
  });
});

describe('LanguageSwitch when the chosen catalog cannot load', () => {
  const renderWith = (deps: Parameters<typeof languageChoiceLogic>[0]) => renderSwitch({ logic: languageChoiceLogic(deps) });
  const status = () => screen.getByRole('status');

  it('offline: keeps English, says Español will show once back online, and shows it when the connection comes back', async () => {
    await activateLocale('en');
    let online = false;
    // The first load fails as offline does (activateLocale falls back to English); the next is real.
    const choose = vi.fn(async (locale: Locale, signal: AbortSignal) => (choose.mock.calls.length === 1 ? 'en' : chooseLocale(locale, signal)));
    renderWith({ choose, online: () => online });
    fireEvent.click(screen.getByRole('button', { name: 'Español' }));
    // The live region holds the words only (its close button would be read with them).
    await waitFor(() => expect(status().textContent).toBe("Español will show once you're back online."));
    expect(status().querySelector('button')).toBeNull();
    expect(i18n.locale).toBe('en');
    expect(screen.getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe('true');

    online = true;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(i18n.locale).toBe('es'));
    expect(choose).toHaveBeenLastCalledWith('es', expect.any(AbortSignal));
    await waitFor(() => expect(status().textContent).toBe(''));
    expect(screen.getByRole('button', { name: 'Español' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('closing the notice puts the focus on the language shown; English pressed while Español waits ends the wait', async () => {
    await activateLocale('en');
    const choose = vi.fn(async (locale: Locale) => (locale === 'es' ? ('en' as const) : chooseLocale(locale)));
    renderWith({ choose, online: () => false });
    fireEvent.click(screen.getByRole('button', { name: 'Español' }));
    await waitFor(() => expect(status().textContent).toContain('back online'));
    const closeButton = screen.getByRole('button', { name: 'Close' });
    closeButton.focus();
    fireEvent.click(closeButton);
    expect(status().textContent).toBe('');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'English' }));

    fireEvent.click(screen.getByRole('button', { name: 'English' }));
    await waitFor(() => expect(localStorage.getItem(languageStorageKey)).toBe('en'));
    act(() => void window.dispatchEvent(new Event('online')));
    await act(async () => {});
    expect(choose.mock.calls.map(([locale]) => locale)).toEqual(['es', 'en']);
    expect(i18n.locale).toBe('en');
  });

  it('in the shell, the notice is drawn in the slot it is given (below the top bar), not under the switch', async () => {
    await activateLocale('en');
    const slot = document.createElement('div');
    document.body.append(slot);
    const choice = createActor(languageChoiceLogic({ choose: vi.fn(async () => 'en' as const), online: () => false }), { input: undefined }).start();
    actors.push(choice);
    render(
      <I18nProvider i18n={i18n}>
        <MantineProvider>
          <LanguageNoticeSlot value={{ current: slot }}>
            <LanguageSwitchView choice={choice} />
          </LanguageNoticeSlot>
        </MantineProvider>
      </I18nProvider>,
    );
    const group = screen.getByRole('group', { name: 'Language' });
    fireEvent.click(screen.getByRole('button', { name: 'Español' }));
    await waitFor(() => expect(status().textContent).toBe("Español will show once you're back online."));
    expect(slot.contains(status())).toBe(true);
    expect(group.parentElement!.contains(status())).toBe(false);
    // Closing it there still puts the focus back on the language shown.
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(status().textContent).toBe('');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'English' }));
    slot.remove();
  });

  it('online (the server failed): says Español could not be loaded, and does not wait for an online event', async () => {
    await activateLocale('en');
    const choose = vi.fn(async () => 'en' as const);
    renderWith({ choose, online: () => true });
    fireEvent.click(screen.getByRole('button', { name: 'Español' }));
    await waitFor(() => expect(status().textContent).toBe('Español could not be loaded. Please try again later.'));
    act(() => void window.dispatchEvent(new Event('online')));
    await act(async () => {});
    expect(choose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(status().textContent).toBe('');
    // Pressed again, it is tried again.
    fireEvent.click(screen.getByRole('button', { name: 'Español' }));
    await waitFor(() => expect(choose).toHaveBeenCalledTimes(2));
  });

  it('offline, a choice that fails outright (not even the English fallback loads) waits for the connection too', async () => {
    await activateLocale('es');
    let online = false;
    const choose = vi.fn(async (locale: Locale, signal: AbortSignal) => {
      if (!online) throw new Error('Failed to fetch dynamically imported module');
      return chooseLocale(locale, signal);
    });
    renderSwitch({ logic: languageChoiceLogic({ choose, online: () => online }) });
    fireEvent.click(screen.getByRole('button', { name: 'English' }));
    await waitFor(() => expect(status().textContent).toBe('English se mostrará cuando vuelvas a estar en línea.'));
    expect(i18n.locale).toBe('es');
    online = true;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(i18n.locale).toBe('en'));
    await waitFor(() => expect(status().textContent).toBe(''));
  });

  it('a stored choice whose catalog could not load at start waits for the connection too', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    // What main.tsx does with a stored 'es' offline, its catalog never fetched: English shows.
    const shown = await activateLocale('es', async (locale) => {
      if (locale === 'es') throw new Error('offline');
      return importCatalog(locale);
    });
    expect(shown).toBe('en');
    expect(localeNotShown()).toBe('es');
    renderSwitch({ input: { notShown: notShownAtStart(shown, false) } });
    expect(status().textContent).toBe("Español will show once you're back online.");
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(i18n.locale).toBe('es'));
    expect(localeNotShown()).toBeNull();
    await waitFor(() => expect(status().textContent).toBe(''));
    onLine.mockRestore();
  });
});

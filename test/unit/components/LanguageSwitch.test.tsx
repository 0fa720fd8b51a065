import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { LanguageSwitch } from '../../../src/components/LanguageSwitch';
import { languageChoiceLogic } from '../../../src/actors/languageChoice';
import { activateLocale, chooseLocale, i18n } from '../../../src/i18n/i18n';
import { languageStorageKey, type Locale } from '../../../src/i18n/locales';

afterEach(async () => {
  cleanup();
  localStorage.clear();
  await act(() => activateLocale('en'));
});

function renderSwitch() {
  render(
    <I18nProvider i18n={i18n}>
      <MantineProvider>
        <LanguageSwitch />
      </MantineProvider>
    </I18nProvider>,
  );
  return screen.getByRole('group', { name: 'Language' });
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

describe('LanguageSwitch offline (the chosen catalog cannot load)', () => {
  it('keeps English, says Español will show once back online, and shows it when the connection comes back', async () => {
    await activateLocale('en');
    // The first load fails as offline does (activateLocale falls back to English); the next is real.
    const choose = vi.fn(async (locale: Locale, signal: AbortSignal) => (choose.mock.calls.length === 1 ? 'en' : chooseLocale(locale, signal)));
    render(
      <I18nProvider i18n={i18n}>
        <MantineProvider>
          <LanguageSwitch logic={languageChoiceLogic(choose)} />
        </MantineProvider>
      </I18nProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Español' }));
    const notice = await screen.findByText(/will show once you're back online/);
    expect(screen.getByRole('status').textContent).toBe("Español will show once you're back online.");
    expect(notice.closest('[role="status"]')).toBeTruthy();
    expect(i18n.locale).toBe('en');
    expect(screen.getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe('true');

    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(i18n.locale).toBe('es'));
    expect(choose).toHaveBeenLastCalledWith('es', expect.any(AbortSignal));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(''));
    expect(screen.getByRole('button', { name: 'Español' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('closes the notice on demand, and choosing English again ends the wait', async () => {
    await activateLocale('en');
    const choose = vi.fn(async (locale: Locale) => (locale === 'es' ? ('en' as const) : chooseLocale(locale)));
    render(
      <I18nProvider i18n={i18n}>
        <MantineProvider>
          <LanguageSwitch logic={languageChoiceLogic(choose)} />
        </MantineProvider>
      </I18nProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Español' }));
    await screen.findByText(/will show once you're back online/);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('status').textContent).toBe('');

    // English, pressed while Español waits: stored as the choice, and nothing waits for the connection.
    fireEvent.click(screen.getByRole('button', { name: 'English' }));
    await waitFor(() => expect(localStorage.getItem(languageStorageKey)).toBe('en'));
    act(() => void window.dispatchEvent(new Event('online')));
    await act(async () => {});
    expect(choose.mock.calls.map(([locale]) => locale)).toEqual(['es', 'en']);
    expect(i18n.locale).toBe('en');
  });
});

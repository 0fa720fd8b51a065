import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { LanguageSwitch } from '../../../src/components/LanguageSwitch';
import { activateLocale, i18n } from '../../../src/i18n/i18n';
import { languageStorageKey } from '../../../src/i18n/locales';

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

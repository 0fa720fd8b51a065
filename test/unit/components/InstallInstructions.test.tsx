import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import InstallInstructions, { applePlatform } from '../../../src/components/InstallInstructions';
import { activateLocale, i18n } from '../../../src/i18n/i18n';
import { theme } from '../../../src/theme/theme';

const iPhone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const mac = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('applePlatform', () => {
  it('tells an iPhone, an iPad (a Mac with a touch screen) and a Mac apart', () => {
    expect(applePlatform({ userAgent: iPhone, maxTouchPoints: 5 })).toBe('mobile');
    expect(applePlatform({ userAgent: mac, maxTouchPoints: 5 })).toBe('mobile');
    expect(applePlatform({ userAgent: mac, maxTouchPoints: 0 })).toBe('mac');
    expect(applePlatform({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0', maxTouchPoints: 0 })).toBeNull();
  });
});

describe('InstallInstructions', () => {
  const show = async (userAgent: string, maxTouchPoints: number) => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
    vi.spyOn(navigator, 'maxTouchPoints', 'get').mockReturnValue(maxTouchPoints);
    await activateLocale('en');
    render(
      <I18nProvider i18n={i18n}>
        <MantineProvider theme={theme}>
          <InstallInstructions onClose={() => {}} />
        </MantineProvider>
      </I18nProvider>,
    );
    await screen.findByRole('dialog', { name: 'Install pips' });
  };

  it('on an iPhone, only the iPhone and iPad steps', async () => {
    await show(iPhone, 5);
    expect(screen.getByText('On iPhone or iPad')).toBeTruthy();
    expect(screen.queryByText('On a Mac')).toBeNull();
  });

  it('on a Mac, only the Mac steps', async () => {
    await show(mac, 0);
    expect(screen.getByText('On a Mac')).toBeTruthy();
    expect(screen.queryByText('On iPhone or iPad')).toBeNull();
  });

  it('elsewhere, both', async () => {
    await show('Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0', 0);
    expect(screen.getByText('On a Mac')).toBeTruthy();
    expect(screen.getByText('On iPhone or iPad')).toBeTruthy();
  });
});

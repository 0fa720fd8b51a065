import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Suspense, type ComponentType } from 'react';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { retryFailedLazies, retryableLazy } from '../../../src/components/retryableLazy';
import { ScreenErrorBoundary } from '../../../src/components/ScreenErrorBoundary';
import { UntilOnline } from '../../../src/components/RetryingBoundary';
import { activateLocale, i18n } from '../../../src/i18n/i18n';
import { theme } from '../../../src/theme/theme';

/** A screen whose code fails to load `failures` times, then loads. */
function flakyScreen(failures: number) {
  const load = vi.fn(async () => {
    if (load.mock.calls.length <= failures) throw new TypeError('Failed to fetch dynamically imported module');
    return { default: () => <h1>Redeem</h1> };
  });
  return { Screen: retryableLazy(load), load };
}

function renderScreen(Screen: ComponentType, location = '/redeem') {
  const tree = (at: string) => (
    <I18nProvider i18n={i18n}>
      <MantineProvider theme={theme}>
        <Suspense fallback={<p>loading</p>}>
          <ScreenErrorBoundary location={at}>
            <Screen />
          </ScreenErrorBoundary>
        </Suspense>
      </MantineProvider>
    </I18nProvider>
  );
  const view = render(tree(location));
  return { moveTo: (at: string) => view.rerender(tree(at)) };
}

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await activateLocale('en');
});

describe('a screen whose code cannot load (ScreenErrorBoundary, retryableLazy)', () => {
  it('online: says the page could not be loaded; Try again asks for the code again and shows the screen', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await activateLocale('en');
    const { Screen, load } = flakyScreen(1);
    renderScreen(Screen);
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain('This page could not be loaded');
    expect(notice.textContent).toContain('Check your connection and try again.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Redeem' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offline, in Spanish: says so; the connection coming back shows the screen by itself', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await activateLocale('es');
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { Screen, load } = flakyScreen(1);
    renderScreen(Screen);
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain('Estás sin conexión');
    expect(notice.textContent).toContain('Esta página aún no está guardada en este dispositivo.');
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByRole('heading', { name: 'Redeem' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('moving to another page clears the notice and asks again', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await activateLocale('en');
    const { Screen, load } = flakyScreen(1);
    const { moveTo } = renderScreen(Screen);
    await screen.findByRole('alert');
    moveTo('/earn');
    expect(await screen.findByRole('heading', { name: 'Redeem' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a load that resolves to no module (a swallowed preload error) is a failure, not a crash, and is asked again', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await activateLocale('en');
    const load = vi.fn(async () =>
      load.mock.calls.length === 1 ? (undefined as unknown as { default: ComponentType }) : { default: () => <h1>Redeem</h1> },
    );
    renderScreen(retryableLazy(load));
    expect((await screen.findByRole('alert')).textContent).toContain('This page could not be loaded');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Redeem' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("asks again for every stylesheet of a chunk that failed, which Vite's preload helper never asks for twice", () => {
    const urls = ['Overlay-x1.css', 'Toasts-x2.css'].map((file) => `${location.origin}/assets/${file}`);
    const failedLinks = urls.map((url) => {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = url;
      document.head.appendChild(link);
      // What the browser fires at a stylesheet it could not fetch (the helper reports only the first).
      link.dispatchEvent(new Event('error'));
      return link;
    });
    const linksOf = (url: string) => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter((link) => link.href === url);

    retryFailedLazies();

    for (const [i, url] of urls.entries()) {
      expect(linksOf(url)).toHaveLength(1);
      expect(linksOf(url)[0]).not.toBe(failedLinks[i]);
      expect(failedLinks[i].isConnected).toBe(false);
    }
    // Asked again once, not at every later retry.
    const fresh = urls.map((url) => linksOf(url)[0]);
    retryFailedLazies();
    expect(urls.map((url) => linksOf(url)[0])).toEqual(fresh);
    for (const link of fresh) link.remove();
  });

  it('the page shown again online (the member coming back to the app) asks again; hidden or offline, it does not', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await activateLocale('en');
    const { Screen, load } = flakyScreen(1);
    renderScreen(Screen);
    await screen.findByRole('alert');
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
    // Shown again while offline: the notice stays (a retry would only flash the loader).
    visibility.mockReturnValue('visible');
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
    onLine.mockReturnValue(true);
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(await screen.findByRole('heading', { name: 'Redeem' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('UntilOnline (the toast container, the install instructions)', () => {
  it('shows nothing while its content cannot load, and shows it once the connection is back', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { Screen, load } = flakyScreen(1);
    // UntilOnline holds its own Suspense: while its code loads, what stands beside it stays
    // (an outer boundary's fallback would take the place of both).
    const { container } = render(
      <Suspense fallback={<p>outer fallback</p>}>
        <p>beside</p>
        <UntilOnline>
          <Screen />
        </UntilOnline>
      </Suspense>,
    );
    expect(container.textContent).toBe('beside');
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await act(async () => {});
    expect(container.textContent).toBe('beside');
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByRole('heading', { name: 'Redeem' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

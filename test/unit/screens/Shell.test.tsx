import { lazy, type ComponentType } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { App } from '../../../src/App';
import { createAppLogic } from '../../../src/actors/appLogic';
import { Shell } from '../../../src/components/Shell';
import { activateLocale, i18n } from '../../../src/i18n/i18n';
import { theme } from '../../../src/theme/theme';
import { resetData } from '../data/dataTestKit';
import { fakeFetch } from './fakeFetch';
import { appContext, startedSystem, StopsOnUnmount } from './renderApp';

afterEach(resetData);

describe('the Shell while a screen loads', () => {
  it('shows the loader without the footer, and the footer below the screen once it has come', async () => {
    await activateLocale('en');
    fakeFetch({});
    let arrive: () => void = () => {};
    const Screen = lazy(
      () =>
        new Promise<{ default: ComponentType }>((resolve) => {
          arrive = () => resolve({ default: () => <p>The screen</p> });
        }),
    );
    const { wrapper: AppSystem } = appContext(createAppLogic({}));
    render(
      <I18nProvider i18n={i18n}>
        <MantineProvider theme={theme}>
          <Router hook={memoryLocation({ path: '/sitemap' }).hook}>
            <AppSystem>
              <Shell>
                <Screen />
              </Shell>
            </AppSystem>
          </Router>
        </MantineProvider>
      </I18nProvider>,
    );

    // The session has settled (the header's language switch is there) and the screen is loading.
    expect(await screen.findByRole('group', { name: 'Language' })).toBeTruthy();
    expect(await screen.findByLabelText('Loading')).toBeTruthy();
    expect(screen.queryByRole('contentinfo')).toBeNull();

    await act(async () => arrive());
    expect(await screen.findByText('The screen')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('contentinfo').textContent).toContain('Powered by'));
    expect(screen.queryByLabelText('Loading')).toBeNull();
  });
});

describe('the app telling that its first screen is shown', () => {
  it('calls onScreenShown once a screen has been committed, not while the loader shows', async () => {
    await activateLocale('en');
    fakeFetch({});
    const calls: boolean[] = [];
    const location = memoryLocation({ path: '/sitemap' });
    const system = startedSystem(createAppLogic({ navigate: location.navigate }), { language: 'en' });
    render(
      <Router hook={location.hook}>
        <StopsOnUnmount root={system.root} />
        <App system={system} onScreenShown={() => calls.push(Boolean(document.querySelector('main h1')))} />
      </Router>,
    );
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    // every call came with the screen's heading in the page
    expect(calls.every(Boolean)).toBe(true);
  });
});

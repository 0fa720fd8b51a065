import { lazy, Profiler, type ComponentType, type ReactNode } from 'react';
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

/** `ui` with the app's providers and a started actor system, at /forms (a screen below Earn: it has a back link). */
function renderInApp(ui: ReactNode) {
  const { wrapper: AppSystem } = appContext(createAppLogic({}));
  return render(
    <I18nProvider i18n={i18n}>
      <MantineProvider theme={theme}>
        <Router hook={memoryLocation({ path: '/forms' }).hook}>
          <AppSystem>{ui}</AppSystem>
        </Router>
      </MantineProvider>
    </I18nProvider>,
  );
}

describe('the Shell while a screen loads', () => {
  it('keeps the main area and its back link while the loader gives way to the screen', async () => {
    await activateLocale('en');
    fakeFetch({});
    let arrive: () => void = () => {};
    const Screen = lazy(
      () =>
        new Promise<{ default: ComponentType }>((resolve) => {
          arrive = () => resolve({ default: () => <p>The screen</p> });
        }),
    );
    renderInApp(
      <Shell>
        <Screen />
      </Shell>,
    );

    // The session has settled (the header's language switch is there) and the screen is loading:
    // the loader stands alone in the main area (what holds back the footer, Shell.module.css).
    expect(await screen.findByRole('group', { name: 'Language' })).toBeTruthy();
    const main = screen.getByRole('main');
    await waitFor(() => expect(main.querySelector(':scope > [data-screen-loader]')).not.toBeNull());
    const backLink = screen.getByRole('link', { name: 'Back to Earn' });

    await act(async () => arrive());
    expect(await screen.findByText('The screen')).toBeTruthy();
    expect(main.querySelector(':scope > [data-screen-loader]')).toBeNull();
    // The same elements, not new ones: a press on the back link as the screen came still clicks it.
    expect(screen.getByRole('main')).toBe(main);
    expect(screen.getByRole('link', { name: 'Back to Earn' })).toBe(backLink);
    expect(screen.getByRole('contentinfo').textContent).toContain('Powered by');
  });
});

describe('the Shell\'s first commit', () => {
  it('schedules no render of its own while committing (a state update there is synchronous: the whole app again in one long task)', async () => {
    await activateLocale('en');
    fakeFetch({});
    const phases: string[] = [];
    renderInApp(
      <Profiler id="shell" onRender={(_id, phase) => phases.push(phase)}>
        <Shell>
          <p>The screen</p>
        </Shell>
      </Profiler>,
    );
    expect(await screen.findByRole('group', { name: 'Language' })).toBeTruthy();
    expect(screen.getByText('The screen')).toBeTruthy();
    expect(phases[0]).toBe('mount');
    // React's 'nested-update': a commit of an update scheduled during the previous commit.
    expect(phases).not.toContain('nested-update');
    // The language notice still goes to the slot below the top bar.
    await waitFor(() => expect(screen.getByTestId('language-notice-slot').querySelector('[role="status"]')).not.toBeNull());
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

import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { resetData, signIn } from '../data/dataTestKit';
import { activateLocale } from '../../../src/i18n/i18n';
import { renderApp } from '../screens/renderApp';

afterEach(async () => {
  await resetData();
  await activateLocale('en');
});

describe('a change of screen', () => {
  it('titles the document, in the member\'s language, and focuses the new screen\'s heading', async () => {
    signIn(7);
    vi.stubGlobal('fetch', async () => new Response('', { status: 503 }));
    const { location } = await renderApp({ path: '/redeem' });
    await screen.findByRole('heading', { level: 1, name: 'Redeem' }, { timeout: 15_000 });
    await waitFor(() => expect(document.title).toBe('Redeem · pips'));
    // The first screen of a visit keeps the focus where the browser put it.
    expect(document.activeElement).toBe(document.body);

    // A tab of the section bar: the link keeps the focus until the screen has come.
    const tab = screen.getAllByRole('link', { name: 'Activity' })[0];
    tab.focus();
    fireEvent.click(tab);
    await waitFor(() => expect(location.history.at(-1)).toBe('/activity'));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Activity' }, { timeout: 15_000 });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.getAttribute('tabindex')).toBe('-1');
    expect(document.title).toBe('Activity · pips');

    await act(() => activateLocale('es'));
    await waitFor(() => expect(document.title).toBe('Actividad · pips'));
  });

  it('leaves the focus where something else took it meanwhile', async () => {
    signIn(7);
    vi.stubGlobal('fetch', async () => new Response('', { status: 503 }));
    const { location } = await renderApp({ path: '/redeem' });
    await screen.findByRole('heading', { level: 1, name: 'Redeem' }, { timeout: 15_000 });
    const tab = screen.getAllByRole('link', { name: 'Profile' })[0];
    tab.focus();
    act(() => location.navigate('/rewards'));
    // Before the screen (its code still on the way) shows, the member moves on.
    expect(screen.queryByRole('heading', { level: 1, name: 'My rewards' })).toBeNull();
    const other = screen.getByRole('button', { name: 'Español' });
    other.focus();
    await screen.findByRole('heading', { level: 1, name: 'My rewards' }, { timeout: 15_000 });
    await waitFor(() => expect(document.title).toBe('My rewards · pips'));
    expect(document.activeElement).toBe(other);
  });
});

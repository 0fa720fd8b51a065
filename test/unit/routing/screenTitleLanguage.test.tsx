import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { resetData, signIn } from '../data/dataTestKit';
import { activateLocale } from '../../../src/i18n/i18n';
import { renderApp } from '../screens/renderApp';

// Its own file: a language switched and back in one file's earlier test leaves the next test's
// app without its member (a test-kit leftover, not seen in the browser), so nothing follows it.
afterEach(async () => {
  resetData();
  await activateLocale('en');
});

describe('the document title', () => {
  it('follows a change of language on the same screen', async () => {
    signIn(7);
    vi.stubGlobal('fetch', async () => new Response('', { status: 503 }));
    await renderApp({ path: '/activity' });
    await screen.findByRole('heading', { level: 1, name: 'Activity' }, { timeout: 15_000 });
    await waitFor(() => expect(document.title).toBe('Activity · pips'));
    await act(() => activateLocale('es'));
    await waitFor(() => expect(document.title).toBe('Actividad · pips'));
  });
});

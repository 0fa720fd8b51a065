// Loads fake-indexeddb before Dexie is imported.
import '../data/dataTestKit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CommunitySupport } from '../../../src/api/client';
import { readCachedResource, writeCachedResource } from '../../../src/data/resourceCache';
import { fakeFetch, noAnswer, requests } from './fakeFetch';
import { renderApp } from './renderApp';
import { resetData, scope, signIn } from './rewards/dataHarness';
import { clearPendingCommunity, storePendingCommunity } from '../../../src/data/pendingCommunity';

const support = (text: string | null): CommunitySupport => ({
  communityId: 'demo',
  communityName: 'Demo Community',
  contact: { email: 'help@demo.example', url: 'https://demo.example/help', phone: '+1 (555) 0100', text },
});

/** The answer in the language the app asked for. */
const byLanguage = (request: { headers: Record<string, string> }) => ({
  data: support(request.headers['accept-language']?.startsWith('es') ? 'Escríbenos cuando quieras' : 'Write to us any time'),
});

const main = () => within(screen.getByRole('main'));

beforeEach(() => void signIn());
afterEach(resetData);

describe('SupportScreen', () => {
  it('shows the contact with mailto, tel and https actions and the operator’s text, and keeps a copy for offline', async () => {
    const sent = fakeFetch({ 'GET /mobile/community/support': byLanguage });
    await renderApp({ path: '/support' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Help and support' })).toBeTruthy();
    expect(await main().findByText('Write to us any time')).toBeTruthy();
    expect(main().getByText('How to reach the people who run Demo Community.')).toBeTruthy();
    expect(main().getByRole('link', { name: 'Email help@demo.example' }).getAttribute('href')).toBe('mailto:help@demo.example');
    expect(main().getByRole('link', { name: 'Call +1 (555) 0100' }).getAttribute('href')).toBe('tel:+15550100');
    const help = main().getByRole('link', { name: 'Open the help page' });
    expect(help.getAttribute('href')).toBe('https://demo.example/help');
    expect(help.getAttribute('target')).toBe('_blank');
    expect(help.getAttribute('rel')).toContain('noopener');
    expect(requests(sent, 'GET', '/mobile/community/support')[0].headers.authorization).toContain('auth-token-7');
    await waitFor(async () => expect((await readCachedResource('support', scope))?.data).toEqual(support('Write to us any time')));
  });

  it('shows the text in Spanish when the app is in Spanish', async () => {
    const sent = fakeFetch({ 'GET /mobile/community/support': byLanguage });
    await renderApp({ path: '/support', language: 'es' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ayuda y soporte' })).toBeTruthy();
    expect(await main().findByText('Escríbenos cuando quieras')).toBeTruthy();
    expect(main().getByRole('link', { name: 'Escribir a help@demo.example' })).toBeTruthy();
    expect(main().getByRole('link', { name: 'Abrir la página de ayuda' })).toBeTruthy();
    expect(requests(sent, 'GET', '/mobile/community/support')[0].headers['accept-language']).toMatch(/^es/);
  });

  it('leaves out the phone and a link that is not https, and says plainly when no contact is set', async () => {
    fakeFetch({
      'GET /mobile/community/support': {
        data: { communityId: 'demo', communityName: 'Demo Community', contact: { email: 'help@demo.example', url: 'javascript:alert(1)', phone: null, text: null } },
      },
    });
    const first = await renderApp({ path: '/support' });
    expect(await main().findByRole('link', { name: 'Email help@demo.example' })).toBeTruthy();
    expect(main().queryByRole('link', { name: /Call/ })).toBeNull();
    expect(main().queryByRole('link', { name: 'Open the help page' })).toBeNull();
    first.unmount();
    await resetData();
    signIn();

    fakeFetch({ 'GET /mobile/community/support': { data: { communityId: 'demo', communityName: 'Demo Community', contact: null } } });
    await renderApp({ path: '/support' });
    expect(await main().findByText('No support contact yet')).toBeTruthy();
    expect(main().getByText('Demo Community has not set a support contact yet. Please ask the people who run your community directly.')).toBeTruthy();
    expect(main().queryByRole('link', { name: /Email/ })).toBeNull();
  });

  it('shows a skeleton while loading, then an error with Try again when nothing is saved', async () => {
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    let calls = 0;
    fakeFetch({
      'GET /mobile/community/support': async (request) => {
        if (++calls > 1) return byLanguage(request);
        await gate;
        return { status: 500, error: 'INTERNAL_ERROR' };
      },
    });
    await renderApp({ path: '/support' });
    expect(await main().findByLabelText('Loading')).toBeTruthy();
    open();
    expect(await main().findByText('Failed to fetch the support contact')).toBeTruthy();
    expect(main().queryByLabelText('Loading')).toBeNull();
    fireEvent.click(main().getByRole('button', { name: 'Try again' }));
    expect(await main().findByText('Write to us any time')).toBeTruthy();
    expect(main().queryByText('Failed to fetch the support contact')).toBeNull();
  });

  it('offline, shows the saved copy and says so', async () => {
    await writeCachedResource('support', scope, support('Saved text'));
    fakeFetch({ 'GET /mobile/community/support': noAnswer });
    await renderApp({ path: '/support' });
    expect(await main().findByText('Saved text')).toBeTruthy();
    expect(await main().findByText('You are offline: this is the support contact saved on this device.')).toBeTruthy();
    expect(main().getByRole('link', { name: 'Email help@demo.example' })).toBeTruthy();
    expect(main().queryByText('Failed to fetch the support contact')).toBeNull();
  });

  it('is reached from Profile and from Home', async () => {
    fakeFetch({ 'GET /mobile/community/support': byLanguage });
    const profile = await renderApp({ path: '/profile' });
    expect((await main().findByRole('link', { name: 'Help and support' })).getAttribute('href')).toBe('/support');
    profile.unmount();
    await renderApp({ path: '/' });
    expect((await main().findByRole('link', { name: 'Need help? Contact support' })).getAttribute('href')).toBe('/support');
  });

  describe('for a visitor', () => {
    // Nobody signed in (the outer beforeEach stored a member's credentials).
    beforeEach(() => localStorage.clear());
    afterEach(() => clearPendingCommunity());

    it('shows the contact of the community picked from a join link, without a token, in Spanish too', async () => {
      storePendingCommunity({ communityId: 'demo', name: 'Demo Community' });
      const sent = fakeFetch({ 'GET /mobile/community/support': byLanguage });
      await renderApp({ path: '/support', language: 'es' });
      expect(await main().findByText('Escríbenos cuando quieras')).toBeTruthy();
      expect(main().getByRole('link', { name: 'Escribir a help@demo.example' })).toBeTruthy();
      const [request] = requests(sent, 'GET', '/mobile/community/support');
      expect(request.query).toEqual({ communityId: 'demo' });
      expect(request.headers.authorization).toBeUndefined();
    });

    it('says where support comes from when no community was picked, and asks nothing of the server', async () => {
      const sent = fakeFetch({ 'GET /mobile/community/support': byLanguage });
      await renderApp({ path: '/support' });
      expect(await main().findByText('Support comes from your community')).toBeTruthy();
      expect(main().getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
      expect(main().getByRole('link', { name: "Scan your community's QR code" }).getAttribute('href')).toBe('/community-scan');
      expect(requests(sent, 'GET', '/mobile/community/support')).toHaveLength(0);
    });
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { routeTable } from '../../../src/routing/routeTable';
import { describeRoute } from '../../../src/screens/sitemapDescriptions';
import { resetData } from '../data/dataTestKit';
import { fakeFetch } from './fakeFetch';
import { renderApp } from './renderApp';

afterEach(resetData);

describe('SitemapScreen', () => {
  it('has a description for every route of the route table', () => {
    for (const signInProviders of [true, false]) {
      expect(routeTable.filter((route) => !describeRoute(route.pattern, { signInProviders })).map((route) => route.pattern)).toEqual([]);
    }
  });

  it('lists every route with its line, linking the ones without a required parameter, in the member language', async () => {
    fakeFetch({});
    await renderApp({ path: '/sitemap' });
    const main = await screen.findByRole('main');
    await within(main).findByRole('heading', { name: 'Sitemap' });
    const items = within(main).getAllByRole('listitem');
    expect(items).toHaveLength(routeTable.length);
    const earn = items.find((item) => item.textContent?.startsWith('/earn/:actionId?'))!;
    expect(within(earn).getByRole('link').getAttribute('href')).toBe('/earn');
    expect(earn.textContent).toContain('Scan QR codes and complete actions to earn pips.');
    const contest = items.find((item) => item.textContent?.startsWith('/trivia/contest/:id/info'))!;
    expect(within(contest).queryByRole('link')).toBeNull();
    expect(contest.textContent).toContain("A contest's rules, dates and teams.");
  });

  it('names Google and Apple only when the server offers them', async () => {
    const lineOf = (items: HTMLElement[], pattern: string) => items.find((item) => item.textContent?.startsWith(pattern))!.textContent;
    fakeFetch({ 'GET /web/auth/providers': { data: { providers: [] } } });
    const { unmount } = await renderApp({ path: '/sitemap' });
    await screen.findByText('Log in with your email and password.');
    let items = within(screen.getByRole('main')).getAllByRole('listitem');
    expect(lineOf(items, '/login')).toBe('/loginLog in with your email and password.');
    expect(lineOf(items, '/auth/callback')).not.toMatch(/Google|Apple/);
    unmount();

    fakeFetch({ 'GET /web/auth/providers': { data: { providers: [{ id: 'google', name: 'Google' }] } } });
    await renderApp({ path: '/sitemap' });
    await screen.findByText('Log in with your email and password, or with Google or Apple.');
    items = within(screen.getByRole('main')).getAllByRole('listitem');
    expect(lineOf(items, '/auth/callback')).toContain('Google or Apple');
  });

  it('speaks Spanish', async () => {
    fakeFetch({});
    await renderApp({ path: '/sitemap', language: 'es' });
    expect(await screen.findByText('Escanea códigos QR y completa acciones para ganar pips.')).toBeTruthy();
  });
});

// Loads fake-indexeddb before Dexie is imported.
import '../../data/dataTestKit';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { fakeFetch, requests } from '../fakeFetch';
import { renderApp } from '../renderApp';
import { resetData, signIn } from '../rewards/dataHarness';

const harbour = { communityId: 'harbour', name: 'Harbour Club', role: 'owner' as const };
const hill = { communityId: 'hill', name: 'Hill Club', role: 'viewer' as const };
const report = { from: '2026-11-19T00:00:00.000Z', to: '2026-11-26T00:00:00.000Z', days: 7, members: { total: 12, joined: 3 }, pips: { earned: 140, redeemed: 60, adjusted: 0 }, earnings: [], redemptions: [], stock: [] };
const dashboard = (id: string) => ({
  [`GET /admin/communities/${id}/report`]: { data: report },
  [`GET /admin/communities/${id}/chance-to-win`]: { data: { contests: [] } },
});

const main = () => within(screen.getByRole('main'));

// The console is the largest lazy screen (see AdminScreen.test.tsx).
beforeAll(() => import('../../../../src/screens/admin/AdminScreen'), 60_000);
beforeEach(() => void signIn());
afterEach(resetData);

/** Issue 49: the console opens on the community the operator had open last time, not the first of the list. */
describe('the console, the community open last time', () => {
  it('opens on the community remembered for this operator and remembers the one picked next', async () => {
    localStorage.setItem('consoleCommunity:7', 'hill');
    // Another operator's choice on the same browser is theirs.
    localStorage.setItem('consoleCommunity:8', 'harbour');
    const sent = fakeFetch({ 'GET /admin/communities': { data: { communities: [harbour, hill] } }, ...dashboard('hill'), ...dashboard('harbour') });
    await renderApp({ path: '/console' });
    expect(await main().findByText('Your role: Viewer (read only)')).toBeTruthy();
    expect(requests(sent, 'GET', '/admin/communities/harbour/report')).toEqual([]);
    expect(requests(sent, 'GET', '/admin/communities/hill/report')).toHaveLength(1);

    fireEvent.click(main().getByLabelText('Community'));
    fireEvent.click(await screen.findByRole('option', { name: 'Harbour Club', hidden: true }));
    expect(await main().findByText('Your role: Owner')).toBeTruthy();
    expect(localStorage.getItem('consoleCommunity:7')).toBe('harbour');
    expect(localStorage.getItem('consoleCommunity:8')).toBe('harbour');
    expect(requests(sent, 'GET', '/admin/communities/harbour/report')).toHaveLength(1);
  });

  it('opens on the first community when the one remembered is no longer run, and remembers it', async () => {
    localStorage.setItem('consoleCommunity:7', 'gone');
    const sent = fakeFetch({ 'GET /admin/communities': { data: { communities: [harbour, hill] } }, ...dashboard('harbour') });
    await renderApp({ path: '/console' });
    expect(await main().findByText('Your role: Owner')).toBeTruthy();
    expect(requests(sent, 'GET', '/admin/communities/harbour/report')).toHaveLength(1);
    expect(localStorage.getItem('consoleCommunity:7')).toBe('harbour');
  });
});

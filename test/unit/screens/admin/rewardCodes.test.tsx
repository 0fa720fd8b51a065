// Loads fake-indexeddb before Dexie is imported.
import '../../data/dataTestKit';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeFetch, requests } from '../fakeFetch';
import { renderApp } from '../renderApp';
import { resetData, signIn } from '../rewards/dataHarness';

const community = { communityId: 'harbour', name: 'Harbour Club', role: 'owner' };
const reward = { id: 21, communityId: 'harbour', type: 'REDEEM', title: { en: 'Book voucher', es: 'Vale de libros' }, description: null, url: null, pips: 0, earnLimit: 'ONCE', archived: false, createdAt: '2026-11-20T10:00:00.000Z' };
const option = (limit: { count: number; period: string } | null) => ({ optId: 31, label: { en: '$5 card' }, pips: 30, codesTotal: 3, codesLeft: 3, stock: 'low', limit });
const place = { promoId: 21, optId: 31, reward: { en: 'Book voucher', es: 'Vale de libros' }, option: { en: '$5 card' } };

const main = () => within(screen.getByRole('main'));

beforeAll(() => import('../../../../src/screens/admin/AdminScreen'), 60_000);
beforeEach(() => void signIn());
afterEach(resetData);

describe('the console: codes and limits of a reward', () => {
  it('sets an option\'s per-member limit in its edit form and shows it on the option', async () => {
    let limit: { count: number; period: string } | null = null;
    const sent = fakeFetch({
      'GET /admin/communities': { data: { communities: [community] } },
      'GET /admin/communities/harbour/promos': (r) => ({ data: { promos: r.query.archived === 'true' ? [] : [reward] } }),
      'GET /admin/promos/21/options': () => ({ data: { options: [option(limit)] } }),
      'GET /admin/communities/harbour/codes/duplicates': { data: { groups: [] } },
      'PUT /admin/options/31': (r) => {
        limit = (r.json as { limit: typeof limit }).limit;
        return { data: option(limit) };
      },
    });
    await renderApp({ path: '/console/rewards' });
    expect((await main().findByTestId('admin-option-limit')).textContent).toBe('· No limit per member');
    fireEvent.click(main().getByRole('button', { name: 'Edit: $5 card' }));
    const form = within(main().getByRole('button', { name: 'Save changes' }).closest('form')!);
    fireEvent.change(form.getByLabelText('Most redemptions per member (empty: no limit)'), { target: { value: '2' } });
    fireEvent.change(form.getByLabelText('Counted'), { target: { value: 'week' } });
    fireEvent.click(form.getByRole('button', { name: 'Save changes' }));
    expect(await main().findByText('· 2 per member per week')).toBeTruthy();
    expect(requests(sent, 'PUT', '/admin/options/31')[0].json).toEqual({ label: { en: '$5 card' }, pips: 30, limit: { count: 2, period: 'week' } });
  });

  it('previews an import naming the line and the reward a code is already loaded for', async () => {
    fakeFetch({
      'GET /admin/communities': { data: { communities: [community] } },
      'GET /admin/communities/harbour/promos': (r) => ({ data: { promos: r.query.archived === 'true' ? [] : [reward] } }),
      'GET /admin/promos/21/options': { data: { options: [option(null)] } },
      'GET /admin/communities/harbour/codes/duplicates': { data: { groups: [] } },
      'POST /admin/options/31/codes': {
        data: {
          dryRun: true,
          imported: 1,
          skipped: [
            { line: 1, code: 'RR-GIFT-0001', reason: 'ALREADY_LOADED', loadedFor: place },
            { line: 2, code: 'THEIRS-1', reason: 'ALREADY_LOADED', loadedFor: null },
          ],
          codesLeft: 3,
        },
      },
    });
    await renderApp({ path: '/console/rewards' });
    fireEvent.click(await main().findByRole('button', { name: 'Load codes for $5 card' }));
    fireEvent.change(main().getByLabelText('Or paste the codes, one per line'), { target: { value: 'RR-GIFT-0001\nTHEIRS-1\nNEW-1' } });
    fireEvent.click(main().getByRole('button', { name: 'Preview' }));
    expect(await main().findByText('Preview: 1 codes will be loaded, 2 skipped.')).toBeTruthy();
    const first = within(main().getByText('RR-GIFT-0001').closest('tr')!);
    expect(first.getByText('1')).toBeTruthy();
    expect(first.getByText('already loaded for Book voucher · $5 card')).toBeTruthy();
    expect(within(main().getByText('THEIRS-1').closest('tr')!).getByText('already loaded')).toBeTruthy();
  });

  it('shows the codes stored twice and voids a free copy', async () => {
    let groups = [
      {
        code: 'RR-GIFT-0001',
        copies: [
          { codeId: 7, status: 'handedOut', place, handedOutAt: '2026-11-20T10:00:00.000Z', userId: 4, email: 'ana@example.org' },
          { codeId: 8, status: 'free', place: { ...place, optId: 32, option: { en: '$10 card' } }, handedOutAt: null, userId: null, email: null },
          { codeId: null, status: 'free', place: null, handedOutAt: null, userId: null, email: null },
        ],
      },
    ];
    const sent = fakeFetch({
      'GET /admin/communities': { data: { communities: [community] } },
      'GET /admin/communities/harbour/promos': (r) => ({ data: { promos: r.query.archived === 'true' ? [] : [reward] } }),
      'GET /admin/promos/21/options': { data: { options: [option(null)] } },
      'GET /admin/communities/harbour/codes/duplicates': () => ({ data: { groups } }),
      'POST /admin/codes/8/void': () => {
        groups = [];
        return { data: { voided: true, codesLeft: 3 } };
      },
    });
    await renderApp({ path: '/console/rewards' });
    const notice = within(await main().findByTestId('admin-code-duplicates'));
    expect(notice.getByText('1 gift-card codes are stored more than once')).toBeTruthy();
    expect(notice.getByText(/Book voucher · \$5 card: handed out .* to ana@example.org/)).toBeTruthy();
    expect(notice.getByText(/Book voucher · \$10 card: free/)).toBeTruthy();
    expect(notice.getByText(/another community: free/)).toBeTruthy();
    // Only this community's free copy can be voided here.
    expect(notice.getAllByRole('button', { name: /Void this copy/ })).toHaveLength(1);
    fireEvent.click(notice.getByRole('button', { name: 'Void this copy of RR-GIFT-0001 in Book voucher · $10 card' }));
    await waitFor(() => expect(requests(sent, 'POST', '/admin/codes/8/void')).toHaveLength(1));
    // The view is read again: nothing stored twice any more.
    await waitFor(() => expect(main().queryByTestId('admin-code-duplicates')).toBeNull());
  });
});
